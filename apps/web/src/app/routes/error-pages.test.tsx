import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { content } from '../../config/content';
import NotFoundPage from './not-found';
import UnauthorizedPage from './unauthorized';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/unauthorized', element: <UnauthorizedPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('404 page', () => {
  it('shows the spec title, links home and logs the bad path', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(logged).toHaveBeenCalledWith(
      '404 Error: User attempted to access non-existent route:',
      '/no/such/page',
    );
  });
});

describe('unauthorized page', () => {
  it('shows the spec texts, both buttons home and a support e-mail', () => {
    renderAt('/unauthorized');
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Unauthorized Access - Sorry, you don't have the required permissions to view this content",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      `mailto:${content.supportEmail}`,
    );
  });
});
