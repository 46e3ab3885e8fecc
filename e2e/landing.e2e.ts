import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../apps/server/src/db/schema/users.ts';
import { launchBrowser, startServer, type TestServer } from './support/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const uniqueEmail = (tag: string) =>
  `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A staff member's bearer token, made directly on the server (this journey is not about sign-in). */
async function staffToken(): Promise<string> {
  const [admin] = await server.app.deps.db
    .insert(users)
    .values({
      email: uniqueEmail('admin'),
      passwordHash: 'unused',
      firstName: 'Staff',
      lastName: 'E2E',
      role: 'ADMIN',
    })
    .returning();
  return (await server.app.tokens.issue(admin!.id)).token;
}

const calculatorValues = async (page: Page) => ({
  fee: await page.getByTestId('calc-fee').textContent(),
  total: await page.getByTestId('calc-total').textContent(),
});

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

/**
 * The scripts a first visit to `/` should fetch: what index.html names (the entry and the preloads of
 * the landing code) and the service worker's registration, nothing found later.
 */
function landingFiles(): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const named = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g),
  ];
  return [...new Set(named.map((match) => match[1]!))].sort();
}

/** A message only react-router's code carries (it stays in production builds). */
const REACT_ROUTER_MARK = 'You cannot render a <Router> inside another <Router>';

/** Every script the page fetches: its path and (a promise of) its text. */
function recordScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(
      new URL(response.url()).pathname,
      response.text().catch(() => ''),
    );
  });
  return scripts;
}

async function anyHasRouterCode(scripts: Map<string, Promise<string>>): Promise<boolean> {
  const bodies = await Promise.all(scripts.values());
  return bodies.some((body) => body.includes(REACT_ROUTER_MARK));
}

describe('landing page', () => {
  it('loads only the landing code, and the calculator shows fee and total for what is typed', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const scripts = recordScripts(page);
      await page.goto(server.url);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      // Exactly the entry and the landing shell with what they import (docs/performance.md, Web): no
      // router, route table, providers, signed-in app code or waitlist modal before they are asked for.
      expect([...scripts.keys()].sort()).toEqual(landingFiles());
      for (const [url, body] of scripts) {
        expect({ url, hasRouterCode: (await body).includes(REACT_ROUTER_MARK) }).toEqual({
          url,
          hasRouterCode: false,
        });
      }

      const amount = page.getByLabel('Item price in naira');
      await amount.fill('150000');
      expect(await calculatorValues(page)).toEqual({ fee: '₦3,750.00', total: '₦153,750.00' });
      await amount.fill('2500.40');
      expect(await calculatorValues(page)).toEqual({ fee: '₦62.51', total: '₦2,562.91' });
      await amount.fill('');
      await amount.pressSequentially('abc');
      expect(await amount.inputValue()).toBe('abc');
      expect(await calculatorValues(page)).toEqual({ fee: '₦0.00', total: '₦0.00' });
    } finally {
      await browser.dispose();
    }
  });

  it('hands over to the router on the first link: no page reload, and Back shows the landing page again', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const scripts = recordScripts(page);
      await page.goto(server.url);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const amount = page.getByLabel('Item price in naira');
      await amount.fill('1000');
      // Marks this document: a full page load would lose it.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const routerLoadedBefore = await anyHasRouterCode(scripts);

      await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
      await page.waitForURL(`${server.url}/login`);
      await page.getByLabel('Password', { exact: true }).waitFor();
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
      expect({ routerLoadedBefore, routerLoadedAfter: await anyHasRouterCode(scripts) }).toEqual({
        routerLoadedBefore: false,
        routerLoadedAfter: true,
      });

      // Back: the landing page again, now under the router, and it still works.
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: /without the fear of being scammed/ }).waitFor();
      await amount.fill('150000');
      expect(await calculatorValues(page)).toEqual({ fee: '₦3,750.00', total: '₦153,750.00' });
      await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
      await page.getByLabel('First name').waitFor();
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    } finally {
      await browser.dispose();
    }
  });

  it('joins the waitlist from the hero button, starts over, and stores the entry', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      const email = uniqueEmail('waitlist');

      const hero = page.locator('#hero-title').locator('xpath=..');
      await hero.getByRole('button', { name: 'Join Waitlist' }).click();
      await hero.getByRole('button', { name: 'Opening...' }).waitFor();
      const dialog = page.getByRole('dialog', { name: 'Join the Waitlist' });
      await dialog.waitFor();

      // Escape closes it; the same button opens it again.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await hero.getByRole('button', { name: 'Join Waitlist' }).click();
      await dialog.waitFor();

      const next = dialog.getByRole('button', { name: 'Next' });
      expect(await dialog.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
      // Next is never a silent disabled button; it focuses what is missing.
      await next.click();
      await dialog.getByText('First name is required').waitFor();
      expect(await dialog.getByLabel('Email address').evaluate((el) => el === document.activeElement)).toBe(
        true,
      );
      await dialog.getByLabel('Email address').fill(email);
      await dialog.getByLabel('First name').fill('Amaka');
      await dialog.getByLabel('Last name').fill('Eze');
      await dialog.getByLabel('Phone number (optional)').fill('+234 803 123 4567');
      await next.click();
      await dialog.getByRole('radio', { name: /Marketplace/ }).check();
      await next.click();
      await dialog.getByText(email).waitFor();
      const submit = dialog.getByRole('button', { name: 'Join Waitlist' });
      await submit.click();

      // The success view renames the dialog.
      const success = page.getByRole('dialog', { name: "You're on the list!" });
      await success.getByText('Thank you, Amaka!').waitFor();
      const follow = success.getByRole('link', { name: /Follow Us for Updates/ });
      expect(await follow.getAttribute('href')).toBe('https://x.com/amanaescrow');
      expect(await follow.getAttribute('target')).toBe('_blank');

      await success.getByRole('button', { name: 'Join Another Person' }).click();
      await dialog.getByText('Step 1 of 3: Your details').waitFor();
      expect(await dialog.getByLabel('Email address').inputValue()).toBe('');

      const token = await staffToken();
      const answer = await fetch(`${server.url}/api/admin/waitlist?limit=100`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(200);
      const { data } = (await answer.json()) as { data: { entries: Array<Record<string, unknown>> } };
      expect(data.entries.find((e) => e.email === email)).toMatchObject({
        firstName: 'Amaka',
        lastName: 'Eze',
        phone: '+2348031234567',
        interest: 'marketplace',
      });

      // The staff console lists the entry and exports it as CSV.
      await page.evaluate((value) => localStorage.setItem('authToken', value), token);
      await page.goto(`${server.url}/app/admin/waitlist`);
      const table = page.getByRole('table');
      await table.getByRole('cell', { name: email }).waitFor();
      expect(await table.getByRole('row').filter({ hasText: email }).textContent()).toContain('Marketplace');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toBe(
        'Email,First name,Last name,Phone,Interest,Joined at,Welcome e-mail sent at',
      );
      expect(csv).toContain(`${email},Amaka,Eze,'+2348031234567,marketplace,`);
    } finally {
      await browser.dispose();
    }
  });

  it('at 360 px the mobile menu opens, says so, and its links work', async () => {
    const browser = await launchBrowser({ viewport: { width: 360, height: 740 } });
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      const menuButton = page.getByRole('button', { name: 'Open menu' });
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('navigation', { name: 'Mobile' }).isVisible()).toBe(false);
      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await menuButton.click();
      const closeButton = page.getByRole('button', { name: 'Close menu' });
      expect(await closeButton.getAttribute('aria-expanded')).toBe('true');
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await menu.getByRole('link', { name: 'Pricing' }).click();
      await page.waitForURL(/#pricing$/);
      await page.waitForFunction(() => {
        const box = document.getElementById('pricing-title')!.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight;
      });
      await menu.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Open menu' }).click();
      await menu.getByRole('link', { name: 'Sign Up' }).click();
      await page.waitForURL(`${server.url}/signup`);
      // A client-side move from the light public page to one that needs the session providers.
      await page.getByLabel('First name').waitFor();
      await page.goBack();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await menu.getByRole('link', { name: 'Login' }).click();
      await page.getByLabel('Password', { exact: true }).waitFor();
    } finally {
      await browser.dispose();
    }
  });

  it('honours a link into the page, such as /#security', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/#security`);
      await page.waitForFunction(() => {
        const heading = document.getElementById('security-title');
        if (!heading) return false;
        const top = heading.getBoundingClientRect().top;
        return top >= 0 && top < window.innerHeight / 2;
      });
    } finally {
      await browser.dispose();
    }
  });

  it('opens the legal pages from the footer', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      const footer = page.getByRole('contentinfo');
      for (const [label, heading] of [
        ['Privacy Policy', 'Privacy Policy'],
        ['Terms of Service', 'Terms of Service'],
        ['Cookie Policy', 'Cookie Policy'],
        ['Compliance', 'Compliance'],
      ] as const) {
        await footer.getByRole('link', { name: label }).click();
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.goBack();
      }
      const x = footer.getByRole('link', { name: /Follow us on X/ });
      expect(await x.getAttribute('rel')).toContain('noopener');
    } finally {
      await browser.dispose();
    }
  });
});
