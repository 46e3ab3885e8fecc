import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './support/axe.ts';
import { startServer, type TestServer } from './support/harness.ts';
import { apiAs, personBrowser, sellerCreates, tokenFor, type Account } from './support/journey-helpers.ts';

/**
 * Every language at 375 px (docs/languages.md): the landing page's switcher turns the page into the
 * language, then sign-up, and, signed in, the dashboard, the create wizard, a transaction's details and
 * the wallet hold their longer texts without overflowing, and axe finds nothing serious.
 */
const PHONE = { width: 375, height: 740 };
const LANGUAGES = [
  { code: 'pcm', name: 'Naijá (Pidgin)' },
  { code: 'yo', name: 'Yorùbá' },
  { code: 'ha', name: 'Hausa' },
  { code: 'ig', name: 'Igbo' },
] as const;

let server: TestServer;
let englishHeading = '';

/** `id`'s translation in `language`, from whichever of its catalogue files holds it. */
function translationOf(language: string, id: string): string {
  const dir = path.resolve(import.meta.dirname, '../packages/shared/src/i18n/catalogues', language);
  for (const file of readdirSync(dir)) {
    const catalogue = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>;
    if (id in catalogue) return catalogue[id]!;
  }
  throw new Error(`no ${language} translation of ${id}`);
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

/** Elements whose text runs past their box or the screen's edge (clipped on purpose: truncate). */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const hasText = Array.from(element.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (!hasText || element.closest('[aria-hidden="true"], .sr-only')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const clipped = style.textOverflow === 'ellipsis' || style.overflowX !== 'visible';
      const label = `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
      if (!clipped && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0)
        found.push(`${label} is wider than its box (${element.scrollWidth} > ${element.clientWidth})`);
      if (rect.right > width + 1 || rect.left < -1) found.push(`${label} runs off the screen`);
    }
    return found;
  });
}

async function check(page: Page, language: string, where: string) {
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
  await page.waitForLoadState('networkidle');
  expect(await overflowing(page), `${where} in ${language}`).toEqual([]);
  expect(await axeFindings(page), `${where} in ${language}`).toEqual([]);
}

describe.each(LANGUAGES)('$name at 375 px', ({ code, name }) => {
  it('landing, sign-up, dashboard, create wizard, details and wallet', async () => {
    // A buyer's trade with a seller, opened before, so the details page has something to show.
    const seller: Account = {
      email: `e2e-lang-${code}-${Date.now()}@example.com`,
      password: 'correct-horse-9',
      firstName: 'Ngozi',
      lastName: 'Okafor',
    };
    const browser = await personBrowser(server, { viewport: PHONE });
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/`);
      const heading = page.getByRole('heading', { level: 1 });
      if (!englishHeading) englishHeading = (await heading.textContent()) ?? '';
      await page.getByRole('combobox', { name: 'Language' }).selectOption(code);
      await check(page, code, 'the landing page');
      expect(await page.getByRole('option', { name }).getAttribute('lang')).toBe(code);
      await expect.poll(() => heading.textContent()).not.toBe(englishHeading);

      // Sign-up keeps the language; the account is opened with it.
      await page.goto(`${server.url}/signup`);
      await check(page, code, 'sign-up');
      const response = await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': code },
        body: JSON.stringify({ ...seller, acceptPrivacyNotice: true }),
      });
      const created = (await response.json()) as { data: { user: { language: string } } };
      expect(created.data.user.language).toBe(code);
      const token = await tokenFor(server, seller);
      await apiAs(server, token, 'PUT', '/auth/me', { onboardingCompleted: true });
      const { transaction } = await sellerCreates(server, token, {
        description: 'Ankara fabric, 6 yards',
        price: 25_000,
        itemCategory: 'Fashion & Accessories',
      });

      await page.goto(`${server.url}/login`);
      await page.locator('input[type="email"]').fill(seller.email);
      await page.locator('input[type="password"]').fill(seller.password);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL('**/app/dashboard');
      await check(page, code, 'the dashboard');
      // The first pages' texts arrive late (a slow network), so a signed-in page's code is there first:
      // the app's own texts must still come in the chosen language.
      await page.route('**/assets/i18n-*-public-*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      for (const [where, address] of [
        ['the create wizard', '/app/create-transaction'],
        ["the transaction's details", `/app/transactions/${transaction.id}`],
        ['the wallet', '/app/wallet'],
      ]) {
        await page.goto(`${server.url}${address}`);
        await check(page, code, where!);
      }
      // Opened afresh, a signed-in page shows the signed-in app's own texts in the language too (another
      // catalogue group than the first pages').
      await expect
        .poll(() => page.getByText(translationOf(code, 'Available balance'), { exact: true }).count())
        .toBeGreaterThan(0);
    } finally {
      await browser.dispose();
    }
  });
});
