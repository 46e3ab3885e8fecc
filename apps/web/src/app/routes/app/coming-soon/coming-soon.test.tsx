import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import ProfilePage from './profile';
import VerificationPage from './verification';

function renderPage(Page: () => React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: <Page /> }]);
  render(<RouterProvider router={router} />);
}

describe('coming-soon pages', () => {
  it.each([
    ['Identity Verification', VerificationPage],
    ['User Profile', ProfilePage],
  ])('%s says plainly it is not available yet and links to the dashboard', (title, Page) => {
    renderPage(Page);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('is being built and is not available yet');
    expect(screen.getByRole('link', { name: /Go to your dashboard/ })).toHaveAttribute(
      'href',
      '/app/dashboard',
    );
  });

  it('profile points to the reset flow for password changes', () => {
    renderPage(ProfilePage);
    expect(screen.getByRole('link', { name: /Change your password/ })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
