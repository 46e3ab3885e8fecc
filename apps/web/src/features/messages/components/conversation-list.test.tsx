import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@escrow/shared/schemas/messages';
import { renderAt } from '../../../testing/render-at';
import { ConversationList } from './conversation-list';

const ME = 'me';
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const conversation = (n: number, overrides: Partial<Conversation> = {}): Conversation => ({
  id: `tx-${n}`,
  transactionId: `tx-${n}`,
  participants: [ME, `other-${n}`],
  participantDetails: [
    { userId: ME, name: 'Me Myself', role: 'BUYER', lastSeen: minutesAgo(0) },
    { userId: `other-${n}`, name: `Party ${n}`, role: 'SELLER', lastSeen: null },
  ],
  lastMessage: { content: `Last words ${n}`, timestamp: minutesAgo(2) },
  unreadCount: 0,
  transactionDetails: { description: `Item ${n}`, status: 'ACTIVE' },
  createdAt: minutesAgo(60),
  updatedAt: minutesAgo(2),
  ...overrides,
});
const withOther = (n: number, lastSeen: string | null, extra: Partial<Conversation> = {}) => {
  const c = conversation(n, extra);
  return { ...c, participantDetails: [c.participantDetails[0]!, { ...c.participantDetails[1]!, lastSeen }] };
};

describe('the conversation list', () => {
  it('shows 8, then all after Show More; each with the other party, its transaction, the last message', async () => {
    const all = Array.from({ length: 10 }, (_, i) => conversation(i + 1));
    renderAt(<ConversationList conversations={all} viewerId={ME} selected={null} onSelect={vi.fn()} />, {
      path: '/app/messages',
    });
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    expect(within(list).getByText('Party 1')).toBeInTheDocument();
    expect(within(list).getByText('Item 1')).toBeInTheDocument();
    expect(within(list).getByText('Last words 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'Show More' })).toBeNull();
  });

  it('online if seen within 5 minutes; unread counts (9+ above 9); the preview cut to 50 characters', () => {
    const onSelect = vi.fn();
    renderAt(
      <ConversationList
        conversations={[
          withOther(1, minutesAgo(4), { unreadCount: 3 }),
          withOther(2, minutesAgo(6), { unreadCount: 12 }),
          withOther(3, null, { lastMessage: { content: 'x'.repeat(60), timestamp: minutesAgo(1) } }),
        ]}
        viewerId={ME}
        selected="tx-2"
        onSelect={onSelect}
      />,
      { path: '/app/messages' },
    );
    const [first, second, third] = screen.getAllByRole('listitem');
    expect(within(first!).getByTitle('Online')).toBeInTheDocument();
    expect(within(second!).queryByTitle('Online')).toBeNull();
    expect(within(third!).queryByTitle('Online')).toBeNull();
    expect(within(first!).getByLabelText('3 unread')).toHaveTextContent('3');
    expect(within(second!).getByLabelText('12 unread')).toHaveTextContent('9+');
    expect(within(second!).getByRole('button')).toHaveAttribute('aria-current', 'true');
    expect(within(third!).getByText(`${'x'.repeat(50)}…`)).toBeInTheDocument();
  });
});
