import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../../lib/auth/auth-context';
import { renderAt } from '../../../testing/render-at';
import MessagesPage from './messages';

describe('/app/messages', () => {
  it('says Please log in to view messages without a user', async () => {
    localStorage.removeItem('authToken');
    renderAt(
      <AuthProvider>
        <MessagesPage />
      </AuthProvider>,
      { path: '/app/messages' },
    );
    expect(await screen.findByText('Please log in to view messages')).toBeInTheDocument();
  });
});
