import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../apps/server/src/plugins/scheduler.ts';
import { startServer, type TestServer } from './support/harness.ts';
import { shippedListing } from './support/dispute-setup.ts';
import { apiAs, personBrowser, signIn, writeTinyPng } from './support/journey-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const statusIs = (page: Page, status: string) =>
  page.locator(`[data-testid="status-flow"] [data-status="${status}"]`).waitFor({ timeout: 15_000 });
const balanceIs = (page: Page, text: string) =>
  page.getByTestId('wallet-dropdown-balance').getByText(text).waitFor({ timeout: 15_000 });

describe('disputes between the parties', () => {
  it('the buyer raises a dispute with a photo, the seller proposes a partial refund, the buyer accepts; both wallets follow live', async () => {
    const listing = await shippedListing(server, { seller: 'Obi', buyer: 'Ada' }, 20_000);
    const { id } = listing;
    const buyerBrowser = await personBrowser(server);
    const sellerBrowser = await personBrowser(server);
    try {
      const sp = await sellerBrowser.newPage();
      await signIn(sp, server, listing.seller);
      await sp.goto(`${server.url}/app/transactions/${id}`);
      await statusIs(sp, 'WAITING_FOR_BUYER_CONFIRMATION');
      await sp.locator('[data-connection-state="connected"]').first().waitFor();

      // The buyer raises it from the details screen, with a photo of the damage.
      const bp = await buyerBrowser.newPage();
      await signIn(bp, server, listing.buyer);
      await bp.goto(`${server.url}/app/transactions/${id}`);
      await bp.getByRole('link', { name: 'Raise Dispute' }).click();
      await bp.waitForURL(`**/app/disputes/create?transactionId=${id}`);
      const form = bp.getByRole('form', { name: 'Raise a dispute' });
      expect(await form.getByLabel('Transaction').inputValue()).toBe(id);
      await form.getByLabel('What is the problem?').selectOption('QUALITY');
      await form.getByLabel('Reason').fill('Screen cracked on arrival');
      await form.getByLabel('Description').fill('The phone arrived with a cracked screen; photo attached.');
      await form.locator('input[type="file"]').setInputFiles(writeTinyPng());
      await form.getByRole('list', { name: 'Chosen evidence' }).getByText('parcel.png').waitFor();
      await form.getByRole('button', { name: 'Submit Dispute' }).click();
      await bp.waitForURL(/\/app\/disputes\/[0-9a-f-]{36}$/);
      const disputeId = bp.url().split('/').pop()!;
      await bp.getByRole('heading', { level: 1, name: 'Screen cracked on arrival' }).waitFor();
      const photo = bp.getByRole('list', { name: 'Evidence' }).getByRole('img');
      await photo.waitFor();
      expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );

      // The seller's open screen turns DISPUTED with a banner linking to the dispute.
      await statusIs(sp, 'DISPUTED');
      await sp.getByRole('link', { name: 'Open the dispute' }).click();
      await sp.waitForURL(`**/app/disputes/${disputeId}`);
      await sp.getByRole('button', { name: 'Propose Resolution' }).click();
      const propose = sp.getByRole('dialog', { name: 'Propose Resolution' });
      await propose.getByLabel('Partial refund').check();
      await propose.getByLabel("Buyer's share (₦)").fill('8,000');
      await propose.getByTestId('seller-remainder').getByText('₦12,000.00', { exact: false }).waitFor();
      await propose.getByLabel('Reason (the other party sees this)').fill('Screen repair costs about ₦8,000');
      await propose.getByRole('button', { name: 'Send proposal' }).click();
      await propose.waitFor({ state: 'hidden' });

      // The buyer's dispute page shows the proposal live; accepting states exactly what moves.
      await bp.getByRole('button', { name: 'Accept' }).click();
      const accept = bp.getByRole('dialog', { name: 'Accept this proposal?' });
      expect(await accept.getByTestId('accept-movements').textContent()).toBe(
        'Buyer receives ₦8,000.00 · Seller receives ₦12,000.00 · Platform keeps ₦500.00',
      );
      await accept.getByRole('button', { name: 'Accept and settle' }).click();
      await accept.waitFor({ state: 'hidden' });
      await bp.locator('[data-status="RESOLVED"]').first().waitFor();
      await sp.locator('[data-status="RESOLVED"]').first().waitFor({ timeout: 15_000 });

      // Both wallets follow live: the buyer's share back, the seller's remainder released.
      await balanceIs(bp, '₦8,000.00');
      await balanceIs(sp, '₦12,000.00');
      const wallet = await apiAs<{ wallet: { balance: number } }>(
        server,
        listing.sellerToken,
        'GET',
        '/wallet',
      );
      expect(wallet.wallet.balance).toBe(12_000);

      // The list shows it resolved, with no Resolve link.
      await bp.goto(`${server.url}/app/disputes`);
      const row = bp.getByTestId('dispute-row').filter({ hasText: 'Screen cracked on arrival' });
      await row.locator('[data-status="RESOLVED"]').waitFor();
      expect(await row.getByRole('link', { name: /Resolve/ }).count()).toBe(0);
    } finally {
      await buyerBrowser.dispose();
      await sellerBrowser.dispose();
    }
  });

  it('a silent buyer: the inspection window runs out and the escrow is released to the seller (controlled clock)', async () => {
    const listing = await shippedListing(server, { seller: 'Bayo', buyer: 'Chioma' }, 15_000);
    const { id } = listing;
    const sellerBrowser = await personBrowser(server);
    try {
      const sp = await sellerBrowser.newPage();
      await signIn(sp, server, listing.seller);
      await sp.goto(`${server.url}/app/transactions/${id}`);
      const window = sp.getByTestId('inspection-window');
      await window.getByText(/Funds will be released to you automatically in \d+ days?/).waitFor();
      await sp.locator('[data-connection-state="connected"]').first().waitFor();

      const { transaction } = await apiAs<{ transaction: { autoReleaseAt: string } }>(
        server,
        listing.sellerToken,
        'GET',
        `/transactions/${id}`,
      );
      const deps = server.app.deps;
      const realNow = deps.clock.now;
      deps.clock.now = () => new Date(Date.parse(transaction.autoReleaseAt) + 60_000);
      try {
        await runDueJobs(deps);
      } finally {
        deps.clock.now = realNow;
      }

      await statusIs(sp, 'COMPLETED');
      await balanceIs(sp, '₦15,000.00');
      await sp.getByRole('tab', { name: 'Activity' }).click();
      await sp.getByText('Funds released automatically after the inspection period').first().waitFor();
    } finally {
      await sellerBrowser.dispose();
    }
  });
});
