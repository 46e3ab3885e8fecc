import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../packages/shared/src/i18n/catalogues/index.ts';
import { ASSISTANT_TEXT } from '../packages/shared/src/schemas/assistant.ts';
import { axeFindings } from './support/axe.ts';
import { launchBrowser, startServer, type TestServer } from './support/harness.ts';
import { apiAs, createAccount, tokenFor } from './support/journey-helpers.ts';

let server: TestServer;
let token = '';

beforeAll(async () => {
  server = await startServer();
  const account = await createAccount(server, 'Funmi', 'Asker');
  token = await tokenFor(server, account);
  // The onboarding tour is tested elsewhere; here it would cover the dashboard.
  await apiAs(server, token, 'PUT', '/auth/me', { onboardingCompleted: true });
});

afterAll(async () => {
  await server?.close();
});

async function openApp(viewport?: { width: number; height: number }) {
  const browser = await launchBrowser(viewport ? { viewport } : {});
  await browser.addInitScript(() => sessionStorage.setItem('amana:install-prompt-dismissed', '1'));
  const page = await browser.newPage();
  await page.goto(`${server.url}/api/health`);
  await page.evaluate((value) => localStorage.setItem('authToken', value), token);
  await page.goto(`${server.url}/app/dashboard`);
  return { browser, page };
}

/** Asks through the widget and waits for the answer's navigation button. */
async function askAndFollow(page: Page, question: string, button: string, path: string) {
  const panel = page.getByRole('region', { name: 'AI Assistant' });
  await panel.getByRole('textbox', { name: 'Ask a question' }).fill(question);
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  const go = panel.getByRole('link', { name: button, exact: true });
  await go.waitFor();
  await go.click();
  await page.waitForURL(`${server.url}${path}`);
}

describe('help assistant in the browser', () => {
  it("answers 'How do I withdraw funds?' and its button opens the wallet (desktop, axe on the open widget)", async () => {
    const { browser, page } = await openApp();
    try {
      await page.getByRole('button', { name: 'Open AI Assistant' }).click();
      const panel = page.getByRole('region', { name: 'AI Assistant' });
      await panel.getByText(ASSISTANT_TEXT.welcome).waitFor();
      expect(await axeFindings(page)).toEqual([]);

      await askAndFollow(page, 'How do I withdraw funds?', 'Go to wallet', '/app/wallet');
      const conversation = panel.getByRole('log', { name: 'Conversation' });
      expect(await conversation.innerText()).toContain('₦50');
      await page.getByRole('heading', { name: 'Wallet', exact: true }).first().waitFor();
      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await browser.dispose();
    }
  });

  it('works at phone width: a suggestion asks, a Pidgin question is answered in Pidgin and reaches the wallet', async () => {
    const { browser, page } = await openApp({ width: 375, height: 740 });
    try {
      await page.getByRole('button', { name: 'Open AI Assistant' }).click();
      const panel = page.getByRole('region', { name: 'AI Assistant' });
      await panel.getByRole('button', { name: 'What are the fees?', exact: true }).click();
      await panel.getByRole('link', { name: 'Open fee calculator', exact: true }).waitFor();
      expect(await panel.getByRole('log', { name: 'Conversation' }).innerText()).toContain('2.5%');
      // The panel fits the phone's width.
      const box = await panel.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      expect(await axeFindings(page)).toEqual([]);

      // Answered in the question's language (docs/assistant.md, "Languages"): its button too.
      await askAndFollow(
        page,
        'how I go take collect my money',
        CATALOGUES.pcm!['Go to wallet']!,
        '/app/wallet',
      );
    } finally {
      await browser.dispose();
    }
  });
});
