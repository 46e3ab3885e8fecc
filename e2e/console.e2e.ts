import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/harness.ts';
import { shippedListing, staffAccount, tinyPng, upload } from './support/dispute-setup.ts';
import { launchBrowser } from './support/harness.ts';
import {
  apiAs,
  createAccount,
  personBrowser,
  signIn,
  signInOnForm,
  tokenFor,
} from './support/journey-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const statusIs = (page: Page, status: string) =>
  page.locator(`[data-testid="status-flow"] [data-status="${status}"]`).waitFor({ timeout: 15_000 });

describe('the operator console', () => {
  it('staff take an escalated dispute, read the evidence and decide a full refund; both parties see it live', async () => {
    const listing = await shippedListing(server, { seller: 'Tayo', buyer: 'Funmi' }, 20_000);
    const { id, buyerToken } = listing;
    const raised = await apiAs<{ id: string }>(server, buyerToken, 'POST', '/disputes', {
      transactionId: id,
      disputeType: 'QUALITY',
      reason: 'Screen cracked on arrival',
      description: 'The phone arrived with a cracked screen.',
      priority: 'HIGH',
    });
    const evidence = await upload(
      server,
      buyerToken,
      { purpose: 'dispute_evidence', transactionId: id },
      tinyPng(),
    );
    await apiAs(server, buyerToken, 'POST', `/disputes/${raised.id}/evidence`, {
      uploadId: evidence,
      description: 'Photo of the cracked screen',
    });
    await apiAs(server, buyerToken, 'POST', `/disputes/${raised.id}/escalate`, {});
    const staff = await staffAccount(server, 'SUPPORT', 'Kemi');

    const staffBrowser = await personBrowser(server);
    const buyerBrowser = await personBrowser(server);
    const sellerBrowser = await personBrowser(server);
    try {
      const bp = await buyerBrowser.newPage();
      await signIn(bp, server, listing.buyer);
      await bp.goto(`${server.url}/app/transactions/${id}`);
      await statusIs(bp, 'DISPUTED');
      const sp = await sellerBrowser.newPage();
      await signIn(sp, server, listing.seller);
      await sp.goto(`${server.url}/app/transactions/${id}`);
      await statusIs(sp, 'DISPUTED');
      await bp.locator('[data-connection-state="connected"]').first().waitFor();
      await sp.locator('[data-connection-state="connected"]').first().waitFor();

      const page = await staffBrowser.newPage();
      await signIn(page, server, staff);
      await page.goto(`${server.url}/app/admin`);
      await page.getByRole('button', { name: 'Take dispute: Screen cracked on arrival' }).click();
      await page.waitForURL(`**/app/admin/disputes/${raised.id}`);
      const image = page.getByRole('img', { name: 'Photo of the cracked screen' });
      await image.waitFor();
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );

      await page.getByLabel('Full refund to the buyer').check();
      await page.getByLabel('Reason (the parties see this)').fill('The photos show damage in transit');
      await page.getByRole('button', { name: 'Review decision' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm decision' });
      await dialog.getByText('Buyer receives ₦20,500.00', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Confirm decision' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Both parties' screens follow live; the buyer's wallet shows the refund.
      await statusIs(bp, 'CANCELLED');
      await statusIs(sp, 'CANCELLED');
      await bp.getByTestId('wallet-dropdown-balance').getByText('₦20,500.00').waitFor({ timeout: 15_000 });
      const wallet = await apiAs<{ wallet: { balance: number } }>(server, buyerToken, 'GET', '/wallet');
      expect(wallet.wallet.balance).toBe(20_500);
    } finally {
      await staffBrowser.dispose();
      await buyerBrowser.dispose();
      await sellerBrowser.dispose();
    }
  });

  it('an admin on a phone suspends a user, who is signed out at once and cannot sign in again', async () => {
    const admin = await staffAccount(server, 'ADMIN', 'Ngozi');
    const suspect = await createAccount(server, 'Dapo', 'Suspect');
    const adminBrowser = await launchBrowser({ viewport: { width: 375, height: 740 } });
    await adminBrowser.addInitScript(() => sessionStorage.setItem('amana:install-prompt-dismissed', '1'));
    const suspectBrowser = await personBrowser(server);
    try {
      const sp = await suspectBrowser.newPage();
      await signIn(sp, server, suspect);
      await sp.locator('[data-connection-state="connected"]').first().waitFor();

      const page = await adminBrowser.newPage();
      await signIn(page, server, admin);
      await page.goto(`${server.url}/app/admin/users?q=${encodeURIComponent(suspect.email)}`);
      await page.getByRole('link', { name: /Dapo Suspect/ }).click();
      await page.getByRole('button', { name: 'Suspend' }).click();
      const dialog = page.getByRole('dialog', { name: 'Suspend user' });
      await dialog.getByLabel('Reason for the suspension').fill('Reported for selling counterfeit phones');
      await dialog.getByRole('button', { name: /Suspend/ }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The suspect's open tab loses its session at once: the next request is refused and the app signs out.
      await sp.reload();
      await sp.waitForURL('**/login**', { timeout: 15_000 });
      await signInOnForm(sp, suspect);
      await sp.getByText('Account suspended').first().waitFor();

      const log = await apiAs<{ entries: { action: string; targetId: string }[] }>(
        server,
        await tokenFor(server, admin),
        'GET',
        '/admin/audit-log?action=user.suspend',
      );
      expect(log.entries.map((e) => e.action)).toEqual(['user.suspend']);
    } finally {
      await adminBrowser.dispose();
      await suspectBrowser.dispose();
    }
  });
});
