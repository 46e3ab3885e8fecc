import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/harness.ts';
import {
  apiAs,
  createAccount,
  personBrowser,
  sellerCreates,
  signIn,
  tokenFor,
} from './support/journey-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe('notifications, live', () => {
  it('a buyer joins: the seller’s bell counts it live with a toast, its card opens the transaction, the page clears the badge', async () => {
    const seller = await createAccount(server, 'Nkem', 'Seller');
    const buyer = await createAccount(server, 'Tunde', 'Buyer');
    const sellerToken = await tokenFor(server, seller);
    await apiAs(server, sellerToken, 'PUT', '/auth/me', { onboardingCompleted: true });
    const created = await sellerCreates(server, sellerToken, {
      description: 'Hand-woven aso-oke',
      price: 30_000,
      itemCategory: 'Fashion & Accessories',
    });
    const browser = await personBrowser(server);
    try {
      const page = await browser.newPage();
      await signIn(page, server, seller);
      await page.locator('[data-connection-state="connected"]').first().waitFor();
      expect(await page.getByTestId('notification-badge').count()).toBe(0);

      await apiAs(server, await tokenFor(server, buyer), 'POST', '/transactions/join', {
        inviteCode: created.invitation.code,
      });
      await page.getByTestId('notification-toast').first().waitFor({ timeout: 15_000 });
      await page.getByTestId('notification-badge').getByText('1').waitFor({ timeout: 15_000 });

      await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
      const menu = page.getByRole('dialog', { name: 'Notifications' });
      await menu.getByRole('link', { name: 'Open the transaction' }).first().click();
      await page.waitForURL(`**/app/transactions/${created.transaction.id}`);

      await page.goto(`${server.url}/app/notifications`);
      await page.getByTestId('notification-card').first().waitFor();
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('notification-badge').count()).toBe(0);
      const left = await apiAs<{ unreadCount: number }>(
        server,
        sellerToken,
        'GET',
        '/notifications/unread-count',
      );
      expect(left.unreadCount).toBe(0);
    } finally {
      await browser.dispose();
    }
  });
});
