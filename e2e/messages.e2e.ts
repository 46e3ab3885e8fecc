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
      // The seller chats from the details screen's Chat dialog, without leaving it.
      await sp.getByRole('button', { name: 'Chat with Counterparty' }).click();
      const chat = sp.getByRole('dialog', { name: /^Chat with Amaka/ });
      // The join already spoke in the conversation.
      await chat.locator('[data-type="SYSTEM"]').first().waitFor();

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
      await chat.getByLabel('Message', { exact: true }).fill('Hello Amaka, the camera is ready to ship.');
      await chat.getByRole('button', { name: 'Send', exact: true }).click();
      await bp.getByText('New message from counterparty').first().waitFor({ timeout: 15_000 });
      await bp
        .getByRole('link', { name: /^Messages\s*1 unread$/ })
        .first()
        .waitFor({ timeout: 15_000 });

      await bp.goto(`${server.url}/app/messages`);
      await bp.getByRole('button', { name: /Kunle Seller/ }).click();
      await bp.getByTestId('chat-message').getByText('Hello Amaka, the camera is ready to ship.').waitFor();
      // The seller is connected (on another screen): shown online.
      await bp.getByText(/^Online · Vintage camera$/).waitFor();
      // Reading it clears the badge and turns the seller's receipt to Read, live.
      await chat.getByText('Read', { exact: true }).first().waitFor({ timeout: 15_000 });
      await bp.getByRole('link', { name: 'Messages', exact: true }).first().waitFor({ timeout: 15_000 });

      await bp.locator('input[type="file"]').setInputFiles(writeTinyPng());
      const image = chat.getByRole('img', { name: 'parcel.png' });
      await image.waitFor({ timeout: 15_000 });
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );
      await chat.getByTestId('chat-message').getByText('Sent: parcel.png').waitFor();

      const stats = await apiAs<{ messagesSent: number }>(server, buyerToken, 'GET', '/messages/stats');
      expect(stats.messagesSent).toBe(1);
    } finally {
      await sellerBrowser.dispose();
      await buyerBrowser.dispose();
    }
  });

  it('older messages load when the chat is scrolled to the top, and the reader stays where they were', async () => {
    const { seller, sellerToken, created } = await joinedListing(
      server,
      { seller: 'Tunde', buyer: 'Halima' },
      { description: 'Office chair', price: 30_000, itemCategory: 'Home & Garden' },
    );
    await apiAs(server, sellerToken, 'PUT', '/auth/me', { onboardingCompleted: true });
    const id = created.transaction.id;
    for (let i = 1; i <= 45; i += 1)
      await apiAs(server, sellerToken, 'POST', '/messages', { transactionId: id, content: `Note ${i}` });
    const browser = await personBrowser(server);
    try {
      const page = await browser.newPage();
      await signIn(page, server, seller);
      await page.goto(`${server.url}/app/messages?transactionId=${id}`);
      // (The conversation list quotes the last message too: look inside the chat.)
      const chat = page.getByRole('region', { name: 'Chat about Office chair' });
      await chat.getByText('Note 45', { exact: true }).waitFor();
      // The newest 30 are loaded: 'Note 15' and older are not.
      expect(await chat.getByText('Note 15', { exact: true }).count()).toBe(0);
      const scroller = chat.getByTestId('chat-scroller');
      await scroller.evaluate((box) => (box.scrollTop = 0));
      await chat.getByText('Note 1', { exact: true }).waitFor({ timeout: 15_000 });
      // The view stayed on what was read (not thrown to the top or the bottom).
      // 'Note 16', the oldest shown before, is still inside the scrolled box.
      const box = (await scroller.boundingBox())!;
      const note16 = (await chat.getByText('Note 16', { exact: true }).boundingBox())!;
      expect(note16.y).toBeGreaterThanOrEqual(box.y - 1);
      expect(note16.y).toBeLessThan(box.y + box.height);
      expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    } finally {
      await browser.dispose();
    }
  });
});
