import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_TEXT } from '@escrow/shared/schemas/webhooks';
import { fail, makeAttempt, makeWebhook, ok, renderAt, stubApi } from '../testing/fixtures';
import { WebhooksSection } from './webhooks-section';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const hook = makeWebhook();
const deliveriesPath = `GET /api/developer/webhooks/${hook.id}/deliveries?page=1&limit=10`;

const renderSection = () => renderAt(<WebhooksSection />, { path: '/app/developers' });

describe('webhook endpoints', () => {
  it('adds an endpoint with its events and shows the signing secret once', async () => {
    let hooks: unknown[] = [];
    const { calls } = stubApi({
      'GET /api/developer/webhooks': () => ok({ webhooks: hooks }),
      'POST /api/developer/webhooks': () => {
        hooks = [hook];
        return ok({ webhook: hook, secret: SECRET }, 201);
      },
      [deliveriesPath]: () => ok({ attempts: [], page: 1, hasMore: false }),
    });
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText(/No endpoints yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.type(within(form).getByLabelText('Endpoint URL'), 'https://shop.example.com/hooks');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText(WEBHOOK_TEXT.eventsRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(within(form).getByLabelText(/transaction\.paid/));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    const reveal = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(reveal).getByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(within(reveal).getByText(/you will not see it again/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://shop.example.com/hooks',
      events: ['transaction.paid'],
    });
    await user.click(within(reveal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const endpoint = await screen.findByRole('article', { name: 'https://shop.example.com/hooks' });
    expect(within(endpoint).getByText('transaction.paid')).toBeInTheDocument();
    expect(await within(endpoint).findByText(/No deliveries yet/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it("shows the server's refusal of a URL beside the field", async () => {
    const message = 'A webhook URL must not point to a private, loopback, link-local or metadata address';
    stubApi({
      'GET /api/developer/webhooks': () => ok({ webhooks: [] }),
      'POST /api/developer/webhooks': () => ({
        status: 400,
        body: {
          success: false,
          error: message,
          code: 'VALIDATION_ERROR',
          details: [{ field: 'url', message }],
        },
      }),
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Add endpoint' });
    const url = within(form).getByLabelText('Endpoint URL');
    await user.type(url, 'https://10.0.0.5/hooks');
    await user.click(within(form).getByRole('button', { name: 'Select all events' }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(url).toHaveAccessibleDescription(message));
  });

  it('lists attempts with status, duration and time, and retries a delivery', async () => {
    const failed = makeAttempt({
      id: 'attempt-2',
      deliveryId: 'delivery-2',
      eventType: 'transaction.paid',
      statusCode: 500,
      durationMs: 1234,
      response: 'Internal <i>error</i>',
      succeeded: false,
      createdAt: '2026-11-30T11:00:05.000Z',
      deliveryStatus: 'PENDING',
      nextAttemptAt: '2026-11-30T11:05:05.000Z',
    });
    const pinged = makeAttempt({ id: 'attempt-1', deliveryId: 'delivery-1' });
    const { calls } = stubApi({
      'GET /api/developer/webhooks': () => ok({ webhooks: [hook] }),
      [deliveriesPath]: () => ok({ attempts: [failed, pinged], page: 1, hasMore: false }),
      'POST /api/developer/webhooks/deliveries/delivery-2/retry': () =>
        ok(
          {
            delivery: {
              id: 'delivery-2',
              endpointId: hook.id,
              eventId: failed.eventId,
              eventType: 'transaction.paid',
              status: 'PENDING',
              attempts: 1,
              nextAttemptAt: '2026-11-30T11:01:00.000Z',
              lastStatusCode: 500,
              createdAt: failed.createdAt,
            },
          },
          202,
        ),
    });
    const user = userEvent.setup();
    renderSection();
    const log = await screen.findByRole('region', { name: `Delivery log for ${hook.url}` });
    const rows = await within(log).findAllByTestId('delivery-attempt');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('transaction.paid');
    expect(rows[0]).toHaveTextContent('Status 500');
    expect(rows[0]).toHaveTextContent('1,234 ms');
    expect(rows[0]).toHaveTextContent('30/11/2026, 12:00:05');
    expect(rows[0]).toHaveTextContent('Next attempt 30/11/2026, 12:05');
    expect(within(rows[0]!).getByText('Internal <i>error</i>')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('ping');
    expect(rows[1]).toHaveTextContent('Status 200');
    expect(rows[1]).toHaveTextContent('42 ms');

    const before = calls.filter((c) => c.path.includes('/deliveries?')).length;
    await user.click(within(rows[0]!).getByRole('button', { name: 'Retry transaction.paid delivery' }));
    expect(await screen.findByText(WEBHOOK_TEXT.retryQueued)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/retry'))).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/developer/webhooks/deliveries/delivery-2/retry',
      }),
    ]);
    // The log asks again for the retry's attempt.
    await waitFor(() =>
      expect(calls.filter((c) => c.path.includes('/deliveries?')).length).toBeGreaterThan(before),
    );
  });

  // Real time: the log asks again every 2 s, and staying quiet afterwards takes one more interval to show.
  it('sends a test ping and refreshes the log until its attempt arrives', { timeout: 15_000 }, async () => {
    let pinged = false;
    let asked = 0;
    let askedSincePing = 0;
    const { calls } = stubApi({
      'GET /api/developer/webhooks': () => ok({ webhooks: [hook] }),
      [deliveriesPath]: () => {
        asked += 1;
        if (pinged) askedSincePing += 1;
        // The scheduler sends it a moment later: the look right after the ping misses it, a poll finds it.
        const attempts = askedSincePing >= 2 ? [makeAttempt({ deliveryId: 'delivery-ping' })] : [];
        return ok({ attempts, page: 1, hasMore: false });
      },
      [`POST /api/developer/webhooks/${hook.id}/test`]: () => {
        pinged = true;
        return ok(
          {
            delivery: {
              id: 'delivery-ping',
              endpointId: hook.id,
              eventId: 'event-ping',
              eventType: 'ping',
              status: 'PENDING',
              attempts: 0,
              nextAttemptAt: '2026-11-30T11:00:00.000Z',
              lastStatusCode: null,
              createdAt: '2026-11-30T11:00:00.000Z',
            },
          },
          202,
        );
      },
    });
    const user = userEvent.setup();
    renderSection();
    const endpoint = await screen.findByRole('article', { name: hook.url });
    expect(await within(endpoint).findByText(/No deliveries yet/)).toBeInTheDocument();
    await user.click(within(endpoint).getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText(WEBHOOK_TEXT.pingQueued)).toBeInTheDocument();
    await waitFor(() => expect(askedSincePing).toBe(1));
    expect(within(endpoint).getByRole('status')).toHaveTextContent(/Sending/);
    const row = await within(endpoint).findByTestId('delivery-attempt', {}, { timeout: 5_000 });
    expect(row).toHaveTextContent('ping');
    expect(row).toHaveTextContent('Status 200');
    expect(within(endpoint).getByRole('status')).toHaveTextContent('');
    expect(calls.filter((c) => c.path.endsWith('/test'))).toHaveLength(1);
    // It stops asking once the attempt is there.
    const settled = asked;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(asked).toBe(settled);
  });

  it('says why a test could not be sent', async () => {
    stubApi({
      'GET /api/developer/webhooks': () => ok({ webhooks: [hook] }),
      [deliveriesPath]: () => ok({ attempts: [], page: 1, hasMore: false }),
      [`POST /api/developer/webhooks/${hook.id}/test`]: () => fail(409, WEBHOOK_TEXT.disabled, 'CONFLICT'),
    });
    const user = userEvent.setup();
    renderSection();
    const endpoint = await screen.findByRole('article', { name: hook.url });
    await user.click(within(endpoint).getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText(WEBHOOK_TEXT.disabled)).toBeInTheDocument();
  });

  it('rotates the secret and deletes the endpoint only after confirming', async () => {
    let hooks: unknown[] = [hook];
    const { calls } = stubApi({
      'GET /api/developer/webhooks': () => ok({ webhooks: hooks }),
      [deliveriesPath]: () => ok({ attempts: [], page: 1, hasMore: false }),
      [`POST /api/developer/webhooks/${hook.id}/rotate`]: () =>
        ok({ webhook: { ...hook, previousSecretExpiresAt: '2026-12-01T10:15:00.000Z' }, secret: SECRET }),
      [`DELETE /api/developer/webhooks/${hook.id}`]: () => {
        hooks = [];
        return ok({ id: hook.id });
      },
    });
    const user = userEvent.setup();
    renderSection();
    const endpoint = await screen.findByRole('article', { name: hook.url });

    await user.click(within(endpoint).getByRole('button', { name: 'Rotate secret' }));
    const rotate = await screen.findByRole('dialog', { name: 'Rotate signing secret?' });
    await user.click(within(rotate).getByRole('button', { name: 'Rotate secret' }));
    const reveal = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(reveal).getByLabelText('Signing secret')).toHaveValue(SECRET);
    await user.click(within(reveal).getByRole('button', { name: 'Done' }));

    await user.click(within(endpoint).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete endpoint?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(endpoint).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete endpoint?' })).getByRole('button', {
        name: 'Delete endpoint',
      }),
    );
    expect(await screen.findByText(/No endpoints yet/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
