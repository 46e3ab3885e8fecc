import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { JoinLinkForm } from './join-link-form';

function InvitationProbe() {
  return <h1>Invitation {useParams().code}</h1>;
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/app/join-transaction', element: <JoinLinkForm /> },
      { path: '/app/join-transaction/:code', element: <InvitationProbe /> },
      { path: '/app/transactions', element: <h1>My Transactions</h1> },
    ],
    { initialEntries: ['/app/join-transaction'] },
  );
  render(<RouterProvider router={router} />);
  return { user: userEvent.setup(), router };
}

describe('JoinLinkForm', () => {
  it('asks for a link when empty and explains a bad one; the error clears on edit', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Join Transaction' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a transaction link');
    await user.type(screen.getByLabelText('Transaction link'), 'hello');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join Transaction' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Invalid link format. Please check the link and try again.',
    );
  });

  it('focuses the link with its message beside it', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Join Transaction' }));
    const link = screen.getByLabelText('Transaction link');
    expect(link).toHaveFocus();
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription('Please enter a transaction link');
    await user.type(link, 'https://amana.ng/');
    await user.click(screen.getByRole('button', { name: 'Join Transaction' }));
    expect(link).toHaveFocus();
    expect(link).toHaveAccessibleDescription(
      'Invalid transaction link. Please check the link and try again.',
    );
  });

  it('goes to the invitation named by the last segment', async () => {
    const { user } = renderForm();
    await user.type(
      screen.getByLabelText('Transaction link'),
      'https://amana.ng/app/join-transaction/Xy_9-k',
    );
    await user.click(screen.getByRole('button', { name: 'Join Transaction' }));
    expect(await screen.findByRole('heading', { name: 'Invitation Xy_9-k' })).toBeInTheDocument();
  });

  it('links an already-joined user to My Transactions', async () => {
    const { user } = renderForm();
    await user.click(
      screen.getByRole('link', { name: 'Already joined the Transaction? Click here to confirm' }),
    );
    expect(await screen.findByRole('heading', { name: 'My Transactions' })).toBeInTheDocument();
  });
});
