import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderAt, stubApi } from '../../../testing/render-at';
import { recentSearches, rememberSearch } from '../lib/recent-searches';
import { SearchDialog } from './search-dialog';

afterEach(() => {
  localStorage.clear();
});

describe('searching messages', () => {
  it('waits for 2 characters, filters, opens a result and remembers the search', async () => {
    const result = {
      id: 'm1',
      transactionId: 'tx-1',
      senderId: 'a',
      receiverId: 'b',
      content: 'The box is sealed',
      timestamp: new Date().toISOString(),
      isRead: true,
      readAt: null,
      messageType: 'TEXT',
      attachments: [],
      deleted: false,
      warning: null,
      transactionDescription: 'Vintage camera',
    };
    const api = stubApi({ 'GET /api/messages/search*': () => ok({ results: [result] }) });
    const opened = vi.fn();
    renderAt(<SearchDialog userId="me" open onOpenChange={() => {}} onOpenResult={opened} />, { path: '/' });
    await userEvent.type(screen.getByLabelText('Search your messages'), 'b');
    expect(await screen.findByText('Type at least 2 characters.')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Has files'));
    await userEvent.type(screen.getByLabelText('Search your messages'), 'ox');
    await userEvent.click(await screen.findByRole('button', { name: /The box is sealed/ }));
    expect(opened).toHaveBeenCalledWith({ transactionId: 'tx-1', messageId: 'm1' });
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    expect(api.calls.every((c) => !c.path.includes('q=b&') && !c.path.endsWith('q=b'))).toBe(true);
    expect(api.calls.at(-1)?.path).toBe('/api/messages/search?q=box&hasFiles=true');
    expect(JSON.parse(localStorage.getItem('amana:message-searches:me')!)).toEqual(['box']);
  });

  it('sends the type and date filters (Today starts at midnight in Lagos) and keeps the last 10 searches', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-25T23:30:00Z') });
    try {
      const api = stubApi({ 'GET /api/messages/search*': () => ok({ results: [] }) });
      renderAt(<SearchDialog userId="me2" open onOpenChange={() => {}} onOpenResult={vi.fn()} />, {
        path: '/',
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.selectOptions(screen.getByLabelText('Type'), 'SYSTEM');
      await user.selectOptions(screen.getByLabelText('Date'), 'today');
      await user.type(screen.getByLabelText('Search your messages'), 'paid');
      await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
      // One call, after typing stopped (debounced), with every filter.
      expect(api.calls.map((c) => c.path)).toEqual([
        `/api/messages/search?q=paid&type=SYSTEM&since=${encodeURIComponent('2026-11-25T23:00:00.000Z')}`,
      ]);
    } finally {
      vi.useRealTimers();
    }
    for (let i = 1; i <= 12; i += 1) rememberSearch('me3', `query ${i}`);
    expect(recentSearches('me3')).toEqual(Array.from({ length: 10 }, (_, i) => `query ${12 - i}`));
  });
});
