import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/harness.ts';
import { apiAs, joinedListing, personBrowser, seeText, signIn, skipTour } from './support/journey-helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

describe('paying above the BASIC wallet cap (issue 17, money paths)', () => {
  it('a new buyer pays ₦461,250 by test card: steered from the wallet, one decline, then paid into escrow', async () => {
    const { buyer, buyerToken, created } = await joinedListing(
      server,
      { seller: 'Tunde', buyer: 'Ngozi' },
      { description: 'Generator 7.5kVA', price: 450_000, itemCategory: 'Electronics' },
    );
    const id = created.transaction.id;
    const browser = await personBrowser(server);
    try {
      const page = await browser.newPage();
      await signIn(page, server, buyer);
      await skipTour(page);
      await page.goto(`${server.url}/app/payment/${id}`);

      // The wallet (BASIC, empty) cannot hold ₦461,250: the dialog says so and offers the ways that can.
      await seeText(
        page,
        'Your wallet can hold up to ₦300,000 until you verify your identity. Pay by bank transfer or card instead, or verify to raise the limit.',
      );
      await page.getByRole('button', { name: 'Pay by card' }).click();
      await page.getByRole('button', { name: 'Continue to payment' }).click();

      await page.waitForURL('**/app/test-checkout/esc_*');
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      expect(await page.getByTestId('checkout-amount').textContent()).toBe('₦461,250.00');
      await page.getByLabel('Card number').fill('4084 0800 0000 5408');
      await page.getByLabel('Expiry (MM/YY)').fill('12/30');
      await page.getByLabel('CVV').fill('408');
      await page.getByRole('button', { name: 'Pay ₦461,250.00' }).click();
      await seeText(page, 'Your bank declined this payment. Try another card or pay by bank transfer.');

      await page.getByLabel('Card number').fill('4084 0840 8408 4081');
      await page.getByRole('button', { name: 'Pay ₦461,250.00' }).click();
      await page.waitForURL(`**/app/payment/${id}?reference=esc_*`);
      await page.getByText('Payment Successful', { exact: true }).waitFor();

      const { transaction } = await apiAs<{ transaction: { status: string; paymentMethod: string } }>(
        server,
        buyerToken,
        'GET',
        `/transactions/${id}`,
      );
      expect(transaction).toMatchObject({ status: 'WAITING_FOR_SHIPMENT', paymentMethod: 'CARD' });
    } finally {
      await browser.dispose();
    }
  });
});
