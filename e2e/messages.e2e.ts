import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type TestServer } from './support/harness.ts';
import { apiAs, joinedListing, personBrowser, signIn, writeTinyPng } from './support/journey-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe('messages between the parties, live', () => {
  it('text and an image go both ways live, with the badge rising and clearing and the receipt turning Read', async () => {
    const { seller, buyer, sellerToken, buyerToken, created } = await joinedListing(
      server,
      { seller: 'Kunle', buyer: 'Amaka' },
      { description: 'Vintage camera', price: 45_000, itemCategory: 'Electronics' },
    );
    for (const token of [sellerToken, buyerToken])
      await apiAs(server, token, 'PUT', '/auth/me', { onboardingCompleted: true });
    const id = created.transaction.id;
    const sellerBrowser = await personBrowser(server);
    const buyerBrowser = await launchBrowser({ viewport: { width: 375, height: 740 } });
    await buyerBrowser.addInitScript(() => sessionStorage.setItem('amana:install-prompt-dismissed', '1'));
    try {
      const sp = await sellerBrowser.newPage();
      await signIn(sp, server, seller);
      await sp.goto(`${server.url}/app/transactions/${id}`);
      await sp.locator('[data-connection-state="connected"]').first().waitFor();
      await sp.getByRole('link', { name: 'Chat with Counterparty' }).click();
      await sp.waitForURL(`**/app/messages?transactionId=${id}`);
      // The join already spoke in the conversation.
      await sp.locator('[data-type="SYSTEM"]').first().waitFor();

      // The buyer, on a phone, is elsewhere in the app: the badge counts the new message.
      const bp = await buyerBrowser.newPage();
      // The phone layout shows no connection indicator: wait for socket.io's connect packet instead.
      const socketOpened = bp.waitForEvent('websocket');
      await signIn(bp, server, buyer);
      const socket = await socketOpened;
      await socket.waitForEvent('framereceived', {
        predicate: (frame) => String(frame.payload).startsWith('40'),
        timeout: 15_000,
      });
      await sp.getByLabel('Message', { exact: true }).fill('Hello Amaka, the camera is ready to ship.');
      await sp.getByRole('button', { name: 'Send', exact: true }).click();
      await bp.getByText('New message from counterparty').first().waitFor({ timeout: 15_000 });
      await bp
        .getByRole('link', { name: /^Messages\s*1 unread$/ })
        .first()
        .waitFor({ timeout: 15_000 });

      await bp.goto(`${server.url}/app/messages`);
      await bp.getByRole('button', { name: /Kunle Seller/ }).click();
      await bp.getByTestId('chat-message').getByText('Hello Amaka, the camera is ready to ship.').waitFor();
      // Reading it clears the badge and turns the seller's receipt to Read, live.
      await sp.getByText('Read', { exact: true }).first().waitFor({ timeout: 15_000 });
      await bp.getByRole('link', { name: 'Messages', exact: true }).first().waitFor({ timeout: 15_000 });

      await bp.locator('input[type="file"]').setInputFiles(writeTinyPng());
      const image = sp.getByRole('img', { name: 'parcel.png' });
      await image.waitFor({ timeout: 15_000 });
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );
      await sp.getByTestId('chat-message').getByText('Sent: parcel.png').waitFor();

      const stats = await apiAs<{ messagesSent: number }>(server, buyerToken, 'GET', '/messages/stats');
      expect(stats.messagesSent).toBe(1);
    } finally {
      await sellerBrowser.dispose();
      await buyerBrowser.dispose();
    }
  });
});
