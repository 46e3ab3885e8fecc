import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '@escrow/shared/texts/privacy-notice';
import { content } from '../../config/content';
import { SiteFooter } from '../../features/landing/components/site-footer';
import LegalPage from './legal';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/legal/:page', element: <LegalPage /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('legal pages', () => {
  it('the Privacy Policy shows its version and the day it took effect (the version sign-up records)', () => {
    renderAt('/legal/privacy-policy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(PRIVACY_NOTICE_VERSION).toBe('1.0');
    expect(screen.getByText('Version 1.0 — effective 1 Nov 2025')).toBeInTheDocument();
    expect(screen.queryByText(/^Last updated/)).not.toBeInTheDocument();
  });

  it('the other pages keep their last-updated date', () => {
    renderAt('/legal/terms-of-service');
    expect(screen.getByText(`Last updated: ${content.legalLastUpdated}`)).toBeInTheDocument();
    expect(screen.queryByText(/^Version/)).not.toBeInTheDocument();
  });

  it('the footer of the landing page (and of the legal pages) links the Privacy Policy', () => {
    const router = createMemoryRouter([{ path: '/', element: <SiteFooter /> }]);
    render(<RouterProvider router={router} />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/legal/privacy-policy',
    );
  });
});
