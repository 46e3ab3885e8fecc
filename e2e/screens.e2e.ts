import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type TestServer } from './support/harness.ts';
import {
  apiAs,
  createAccount,
  joinedListing,
  personBrowser,
  seeText,
  sellerCreates,
  sellerWizardToItemDetails,
  signIn,
  skipTour,
  tokenFor,
  type Account,
} from './support/journey-helpers.ts';

/** Screens as a phone user sees them (375 × 800). */
const PHONE = { width: 375, height: 800 };
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

async function phonePage(account: Account, { tour = false } = {}) {
  const browser = await launchBrowser({ viewport: PHONE });
  // The install prompt is its own subject (pwa.e2e.ts); here it would only cover the page.
  await browser.addInitScript(() => sessionStorage.setItem('amana:install-prompt-dismissed', '1'));
  const page = await browser.newPage();
  await signIn(page, server, account);
  if (!tour) await skipTour(page);
  return { browser, page };
}

type Box = { top: number; bottom: number; left: number; right: number };
type FocusReport = { label: string; href: string | null; box: Box; covers: { name: string; box: Box }[] };

/**
 * Where the focused element is, and the fixed pieces (bottom navigation, AI button, tour card) it
 * overlaps. Elements inside fixed or sticky bars are skipped: they cannot be under themselves.
 */
function focusReport(page: Page): Promise<FocusReport | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    for (let node: HTMLElement | null = el; node; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === 'fixed' || position === 'sticky') return null;
    }
    const toBox = (r: DOMRect) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right });
    const box = toBox(el.getBoundingClientRect());
    const fixed: [string, Element | null][] = [
      ['bottom navigation', document.querySelector('nav[aria-label="Bottom navigation"]')],
      ['AI button', document.querySelector('button[aria-label="Open AI Assistant"]')],
      ['tour', document.querySelector('[data-tour-step]')],
    ];
    const covers = fixed
      .filter((entry): entry is [string, Element] => entry[1] !== null)
      .map(([name, node]) => ({ name, box: toBox(node.getBoundingClientRect()) }))
      .filter(
        ({ box: b }) =>
          b.bottom > b.top &&
          box.left < b.right &&
          b.left < box.right &&
          box.top < b.bottom &&
          b.top < box.bottom,
      );
    return {
      label: (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 60),
      href: el.getAttribute('href'),
      box,
      covers,
    };
  });
}

/** Presses Tab up to `presses` times, recording every focused page element, until `until` says stop. */
async function tabThrough(
  page: Page,
  presses: number,
  until: (r: FocusReport) => boolean = () => false,
  key = 'Tab',
) {
  const seen: FocusReport[] = [];
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press(key);
    // Smooth scrolling is off under reduced motion only; wait for the scroll to settle.
    await page.waitForTimeout(60);
    const report = await focusReport(page);
    if (!report) continue;
    seen.push(report);
    if (until(report)) break;
  }
  return seen;
}

const luminance = (rgb: number[]) => {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** The focused control's outline: style, width, colour, and the opaque background behind it. */
function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    // Computed colours may be lab() or oklab() (Tailwind's palette): a canvas turns any of them into sRGB.
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgb = (colour: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = colour;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    let background = [255, 255, 255];
    // The outline sits outside the control (offset 2 px): the background is the parent's.
    for (let node = el.parentElement; node; node = node.parentElement) {
      const value = rgb(getComputedStyle(node).backgroundColor);
      if (value.length >= 3 && (value[3] ?? 1) > 0) {
        background = value.slice(0, 3);
        break;
      }
    }
    return {
      tag: el.tagName,
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      colour: rgb(style.outlineColor).slice(0, 3),
      background,
    };
  });
}

describe('screens on a phone (375 px)', () => {
  it("greets a new user with 'Welcome, {firstName}!' and 'Welcome back' from the next sign-in", async () => {
    const account = await createAccount(server, 'Ngozi', 'Newcomer');
    const first = await phonePage(account);
    try {
      await first.page.getByRole('heading', { name: 'Welcome, Ngozi!' }).waitFor();
      // A reload in the same session is still the first sign-in.
      await first.page.reload();
      await first.page.getByRole('heading', { name: 'Welcome, Ngozi!' }).waitFor();
    } finally {
      await first.browser.dispose();
    }
    const second = await launchBrowser({ viewport: PHONE });
    try {
      const page = await second.newPage();
      await signIn(page, server, account);
      await page.getByRole('heading', { name: 'Welcome back, Ngozi!' }).waitFor();
    } finally {
      await second.dispose();
    }
  });

  it('shows every tab whole, and a one-row bottom navigation whose More sheet holds the rest', async () => {
    const { seller, created } = await joinedListing(
      server,
      { seller: 'Tobi', buyer: 'Kemi' },
      { description: 'Phone tabs check', price: 20_000, itemCategory: 'Electronics', useCourier: true },
    );
    const { browser, page } = await phonePage(seller);
    try {
      for (const [path, listName] of [
        [`/app/transactions/${created.transaction.id}`, 'Transaction sections'],
        ['/app/verification', 'Verification sections'],
        ['/app/profile', 'Profile sections'],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        const list = page.getByRole('tablist', { name: listName });
        await list.waitFor();
        const layout = await list.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return {
            overflow: el.scrollWidth - el.clientWidth,
            tabs: Array.from(el.querySelectorAll('[role="tab"]')).map((tab) => {
              const r = tab.getBoundingClientRect();
              return {
                name: tab.textContent,
                inside:
                  r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.right <= window.innerWidth,
                textFits: tab.scrollWidth <= tab.clientWidth,
              };
            }),
          };
        });
        expect(layout.overflow, path).toBe(0);
        expect(
          layout.tabs.filter((tab) => !tab.inside || !tab.textFits),
          path,
        ).toEqual([]);
      }
      // The transaction's Activity tab, the one that was cut, opens with a tap.
      await page.goto(`${server.url}/app/transactions/${created.transaction.id}`);
      await page.getByRole('tab', { name: 'Activity' }).click();
      expect(await page.getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected')).toBe('true');

      const nav = page.getByRole('navigation', { name: 'Bottom navigation' });
      const navBox = (await nav.boundingBox())!;
      expect(navBox.height).toBeLessThanOrEqual(64);
      const more = nav.getByRole('button', { name: 'More' });
      await more.click();
      const sheet = page.getByRole('dialog', { name: 'More' });
      await sheet.waitFor();
      for (const name of ['Join', 'Notifications', 'Wallet', 'Profile'])
        await sheet.getByRole('link', { name }).waitFor();
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });
      expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
      await more.click();
      await sheet.getByRole('link', { name: 'Wallet' }).click();
      await page.waitForURL('**/app/wallet');
      await sheet.waitFor({ state: 'hidden' });
    } finally {
      await browser.dispose();
    }
  });

  it('never leaves a focused link under the bottom navigation (wallet, dashboard)', async () => {
    const account = await createAccount(server, 'Femi', 'Keyboard');
    const token = await tokenFor(server, account);
    for (let i = 1; i <= 5; i += 1)
      await sellerCreates(server, token, {
        description: `Listing ${i}`,
        price: 10_000 * i,
        itemCategory: 'Electronics',
      });
    const { browser, page } = await phonePage(account);
    try {
      await page.locator('a[href^="/app/transactions/"]').first().waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      const dashboard = await tabThrough(page, 80);
      const recentLinks = dashboard.filter((r) => r.href?.startsWith('/app/transactions/0'));
      expect(recentLinks.length).toBeGreaterThanOrEqual(5);
      expect(dashboard.filter((r) => r.covers.length > 0)).toEqual([]);

      await page.goto(`${server.url}/app/wallet`);
      await page.getByRole('link', { name: 'Verification unlocks higher limits' }).waitFor();
      const wallet = await tabThrough(page, 60, (r) => r.label === 'Verification unlocks higher limits');
      expect(wallet.at(-1)?.label).toBe('Verification unlocks higher limits');
      expect(wallet.filter((r) => r.covers.length > 0)).toEqual([]);
    } finally {
      await browser.dispose();
    }
  });

  it('moves the onboarding tour off the focused control', async () => {
    const account = await createAccount(server, 'Ada', 'Touring');
    const { browser, page } = await phonePage(account, { tour: true });
    try {
      const tour = page.getByRole('dialog', { name: /Welcome to/ });
      await tour.waitFor();
      // From the tour card, Shift+Tab goes back into the dashboard: nothing focused may be under the card.
      const seen = await tabThrough(page, 25, () => false, 'Shift+Tab');
      expect(seen.length).toBeGreaterThan(5);
      expect(seen.filter((r) => r.covers.length > 0)).toEqual([]);
      // The AI button is fixed (skipped above): focus it and check the card is clear of it.
      await page.getByRole('button', { name: 'Open AI Assistant' }).focus();
      await page.waitForTimeout(100);
      const [button, card] = await Promise.all([
        page.getByRole('button', { name: 'Open AI Assistant' }).boundingBox(),
        tour.boundingBox(),
      ]);
      const overlap =
        button!.x < card!.x + card!.width &&
        card!.x < button!.x + button!.width &&
        button!.y < card!.y + card!.height &&
        card!.y < button!.y + button!.height;
      expect(overlap).toBe(false);
    } finally {
      await browser.dispose();
    }
  });

  it('outlines focused text fields, selects and textareas at 3:1 or more', async () => {
    const account = await createAccount(server, 'Ife', 'Focus');
    // The dashboard's search and filter show once there is a transaction.
    await sellerCreates(server, await tokenFor(server, account), {
      description: 'Focus check',
      price: 5_000,
      itemCategory: 'Electronics',
    });
    const { browser, page } = await phonePage(account);
    try {
      const measured: { tag: string; ratio: number; width: number; style: string }[] = [];
      const measure = async () => {
        const found = await focusIndicator(page);
        measured.push({
          tag: found.tag,
          ratio: contrast(found.colour, found.background),
          width: found.width,
          style: found.style,
        });
      };
      // Dashboard: the search field and the status select.
      await page
        .getByPlaceholder(/Search/)
        .first()
        .focus();
      await measure();
      await page.locator('main select').first().focus();
      await measure();
      // A textarea: the create wizard's description (step 3).
      await page.goto(`${server.url}/app/create-transaction`);
      await page.getByText('I want to sell something').click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('I need shipping services').click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Description').focus();
      await measure();
      // A text field on a white card: the NIN.
      await page.goto(`${server.url}/app/verification`);
      await page.getByRole('tab', { name: 'NIN Verification' }).click();
      await page.locator('input#nin').focus();
      await measure();
      expect(measured.map((m) => m.tag)).toEqual(['INPUT', 'SELECT', 'TEXTAREA', 'INPUT']);
      for (const m of measured) {
        expect(m.style, m.tag).not.toBe('none');
        expect(m.width, m.tag).toBeGreaterThanOrEqual(2);
        expect(m.ratio, m.tag).toBeGreaterThanOrEqual(3);
      }
    } finally {
      await browser.dispose();
    }
  });

  it("turns 'When they join…' into who joined on the created screen as the counterparty joins", async () => {
    const seller = await createAccount(server, 'Sola', 'Seller');
    const buyer = await createAccount(server, 'Bisi', 'Buyer');
    const browser = await personBrowser(server);
    try {
      const page = await browser.newPage();
      await signIn(page, server, seller);
      await skipTour(page);
      await sellerWizardToItemDetails(page, server, {
        delivery: 'I need shipping services',
        description: 'Live status check',
        condition: 'Like New',
      });
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Create Transaction' }).click();
      await page.getByText(/When they join, the transaction becomes active/).waitFor();
      const link = await page.getByLabel('Share link').inputValue();
      const code = link.split('/').at(-1)!;

      await apiAs(server, await tokenFor(server, buyer), 'POST', '/transactions/join', { inviteCode: code });
      await seeText(page, 'Bisi Buyer has joined.');
      expect(await page.getByText(/When they join/).count()).toBe(0);
    } finally {
      await browser.dispose();
    }
  });
});
