import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../apps/server/src/plugins/scheduler.ts';
import { nubanCheckDigit } from '../packages/shared/src/domain/nuban.ts';
import { PRIVACY_TEXT } from '../packages/shared/src/texts/privacy.ts';
import { startServer, type TestServer } from './support/harness.ts';
import {
  apiAs,
  createAccount,
  personBrowser,
  seeText,
  signIn,
  signInOnForm,
  tokenFor,
} from './support/journey-helpers.ts';

/**
 * Profile → Privacy (docs/privacy.md): the user asks for their data and sees it ready to download; closing is
 * refused while money is in the wallet (the dialog says what to do), allowed once it is withdrawn, and
 * then the app signs out to the landing page and the old password no longer signs in.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe('privacy', () => {
  it('downloads my data, then closes the account once the wallet is empty', async () => {
    const account = await createAccount(server, 'Halima', 'Bello');
    const token = await tokenFor(server, account);
    await apiAs(server, token, 'PUT', '/auth/me', { onboardingCompleted: true });
    await apiAs(server, token, 'POST', '/wallet/deposit', { amount: 1050 });
    const browser = await personBrowser(server);
    try {
      const page = await browser.newPage();
      await signIn(page, server, account);
      await page.goto(`${server.url}/app/profile`);
      await page.getByRole('tab', { name: 'Privacy' }).click();
      // The consent recorded at sign-up (the helper signs up accepting the notice).
      await page
        .getByText(/^You accepted the Privacy Policy \(version 1\.0\) on \d{2}\/\d{2}\/\d{4}\.$/)
        .waitFor();

      await page.getByRole('button', { name: 'Request my data' }).click();
      await page.getByText(/^Preparing your data/).waitFor();
      await runDueJobs(server.app.deps);
      // The card asks again while the copy is being prepared.
      await page.getByRole('button', { name: 'Download ZIP' }).waitFor({ timeout: 30_000 });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download ZIP' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^amana-my-data-\d{4}-\d{2}-\d{2}\.zip$/);

      await page.getByRole('button', { name: 'Close account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Close your account?' });
      await dialog.getByText('Withdraw your balance of ₦1,050.00 before closing your account').waitFor();
      expect(await dialog.getByRole('button', { name: 'Close my account' }).isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      const serial = '012345678';
      const bank = await apiAs<{ bankAccount: { id: string } }>(
        server,
        token,
        'POST',
        '/wallet/bank-accounts',
        {
          bankCode: '058',
          accountNumber: `${serial}${nubanCheckDigit('058', serial)}`,
        },
      );
      await apiAs(server, token, 'POST', '/wallet/withdraw', {
        amount: 1000,
        bankAccountId: bank.bankAccount.id,
      });

      await page.getByRole('button', { name: 'Close account' }).click();
      await dialog.getByLabel('Enter your password to confirm').fill(account.password);
      // Enabled once the dialog has asked the server again and nothing blocks any more.
      const closeButton = dialog.getByRole('button', { name: 'Close my account', disabled: false });
      await closeButton.waitFor();
      await closeButton.click();
      await page.waitForURL(`${server.url}/`);
      await seeText(page, PRIVACY_TEXT.closed);

      await page.goto(`${server.url}/login`);
      await signInOnForm(page, account);
      await seeText(page, 'Invalid email or password');
    } finally {
      await browser.dispose();
    }
  });
});
