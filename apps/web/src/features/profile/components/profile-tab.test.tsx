import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast, Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@escrow/shared/schemas/auth';
import type { NameChangeImpact } from '@escrow/shared/schemas/identity';
import { NAME_CHANGE_TEXT } from '@escrow/shared/texts/correction';
import { makeUser } from '../../../testing/render-with-app';
import { ok, stubApi, type StubCall, type StubHandler } from '../../../testing/api-mock';
import { ProfileTab } from './profile-tab';

const VERIFIED: NameChangeImpact = {
  checks: [
    { kind: 'NIN', label: 'your NIN *******8901' },
    { kind: 'BVN', label: 'your BVN *******2109' },
  ],
  verificationLevel: 'PREMIUM',
  levelAfter: 'BASIC',
  trustScore: 60,
  trustScoreAfter: 0,
};
const NOTHING: NameChangeImpact = { ...VERIFIED, checks: [], verificationLevel: 'BASIC', trustScore: 0 };
const WARNING = NAME_CHANGE_TEXT.warning({
  checks: VERIFIED.checks.map((c) => c.label),
  levelBefore: 'PREMIUM',
  levelAfter: 'BASIC',
  trustScoreBefore: 60,
  trustScoreAfter: 0,
});

function renderTab(impact: NameChangeImpact, put: StubHandler, user: PublicUser = makeUser()) {
  const stub = stubApi({
    'GET /api/auth/profile': () =>
      ok({
        user,
        stats: { completedTransactions: 0, activeTransactions: 0 },
        role: 'buyer',
        memberSince: user.createdAt,
      }),
    'GET /api/auth/me/name-change-impact': () => ok(impact),
    'PUT /api/auth/me': put,
  });
  const onSaved = vi.fn();
  toast.dismiss();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProfileTab user={user} onSaved={onSaved} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...stub, onSaved, actor: userEvent.setup() };
}

const firstName = () => screen.getByLabelText('First name');
const save = () => screen.getByRole('button', { name: 'Save changes' });
const warning = () => screen.queryByRole('group', { name: NAME_CHANGE_TEXT.warningTitle });
const puts = (calls: StubCall[]) => calls.filter((c) => c.method === 'PUT');

describe('Profile: correcting names that verified checks depend on', () => {
  it('warns before saving, refuses to save without the tick, then sends the confirmation', async () => {
    const { calls, actor, onSaved } = renderTab(VERIFIED, () =>
      ok({
        user: makeUser({ firstName: 'Tunde', verificationLevel: 'BASIC' }),
        verificationWithdrawn: VERIFIED,
      }),
    );
    await vi.waitFor(() =>
      expect(calls.some((c) => c.path === '/api/auth/me/name-change-impact')).toBe(true),
    );
    expect(warning()).not.toBeInTheDocument();

    await actor.clear(firstName());
    await actor.type(firstName(), 'Tunde');
    const box = await screen.findByRole('group', { name: NAME_CHANGE_TEXT.warningTitle });
    expect(box).toHaveTextContent(WARNING);
    expect(within(box).getByRole('link', { name: 'Verification' })).toHaveAttribute(
      'href',
      '/app/verification',
    );

    await actor.click(save());
    expect(await within(box).findByRole('alert')).toHaveTextContent(NAME_CHANGE_TEXT.confirmRequired);
    const tick = within(box).getByRole('checkbox', { name: NAME_CHANGE_TEXT.confirmLabel });
    expect(tick).toHaveFocus();
    expect(puts(calls)).toHaveLength(0);

    await actor.click(tick);
    await actor.click(save());
    await vi.waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({
      firstName: 'Tunde',
      lastName: 'Obi',
      confirmVerificationLoss: true,
    });
    expect(await screen.findByText(NAME_CHANGE_TEXT.saved)).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Tunde' }));
  });

  it('a change of capitals or accents only keeps the checks: no warning, no confirmation sent', async () => {
    const { calls, actor } = renderTab(VERIFIED, () => ok({ user: makeUser({ firstName: 'ÁDA' }) }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.path === '/api/auth/me/name-change-impact')).toBe(true),
    );
    await actor.clear(firstName());
    await actor.type(firstName(), 'ÁDA');
    expect(await screen.findByText(NAME_CHANGE_TEXT.sameNameNote)).toBeInTheDocument();
    expect(warning()).not.toBeInTheDocument();
    await actor.click(save());
    await vi.waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ firstName: 'ÁDA', lastName: 'Obi' });
  });

  it('without verified checks a new name saves at once', async () => {
    const { calls, actor } = renderTab(NOTHING, () => ok({ user: makeUser({ lastName: 'Eze' }) }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.path === '/api/auth/me/name-change-impact')).toBe(true),
    );
    await actor.clear(screen.getByLabelText('Last name'));
    await actor.type(screen.getByLabelText('Last name'), 'Eze');
    expect(warning()).not.toBeInTheDocument();
    await actor.click(save());
    await vi.waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ firstName: 'Ada', lastName: 'Eze' });
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
  });

  it("the server's 409 (a check passed meanwhile) shows its impact and asks for the tick", async () => {
    let attempt = 0;
    const { calls, actor } = renderTab(NOTHING, () => {
      attempt += 1;
      return attempt === 1
        ? {
            status: 409,
            body: {
              success: false,
              code: 'NAME_CHANGE_NEEDS_CONFIRMATION',
              error: NAME_CHANGE_TEXT.needsConfirmation,
              details: VERIFIED,
            },
          }
        : ok({ user: makeUser({ firstName: 'Tunde' }), verificationWithdrawn: VERIFIED });
    });
    await vi.waitFor(() =>
      expect(calls.some((c) => c.path === '/api/auth/me/name-change-impact')).toBe(true),
    );
    await actor.clear(firstName());
    await actor.type(firstName(), 'Tunde');
    await actor.click(save());
    const box = await screen.findByRole('group', { name: NAME_CHANGE_TEXT.warningTitle });
    expect(box).toHaveTextContent(WARNING);
    expect(within(box).getByRole('alert')).toHaveTextContent(NAME_CHANGE_TEXT.needsConfirmation);
    await actor.click(within(box).getByRole('checkbox', { name: NAME_CHANGE_TEXT.confirmLabel }));
    await actor.click(save());
    await vi.waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]!.body).toMatchObject({ confirmVerificationLoss: true });
  });
});
