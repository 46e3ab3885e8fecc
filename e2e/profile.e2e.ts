import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type TestServer } from './support/harness.ts';
import {
  apiAs,
  createAccount,
  personBrowser,
  seeText,
  signIn,
  tokenFor,
  writeTinyPng,
} from './support/journey-helpers.ts';

/**
 * The profile page: a new picture shows in the top bar, a name change follows, another
 * session is listed and signed out (that browser is signed out at once), on a phone too, with axe on each tab.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Resolves once no animation with an end is running (a spinner's endless one does not count). */
async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

async function seriousFindings(page: Page): Promise<string[]> {
  await animationsDone(page);
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    type Finding = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: Finding[] }> } }
    ).axe;
    return (
      await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      })
    ).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** What each tab shows once its data has loaded. */
const TAB_LOADED: Record<string, (page: Page) => Locator> = {
  Profile: (page) => page.getByTestId('completed-count'),
  Security: (page) => page.getByRole('list', { name: 'Active sessions' }),
  Preferences: (page) => page.getByRole('switch', { name: 'Hide amounts by default' }),
};

/** The tab's panel is open and loaded (its content shown, no loading spinner left in it) and at rest. */
async function tabSettled(page: Page, tab: string): Promise<void> {
  const panel = page.getByRole('tabpanel', { name: tab });
  await panel.waitFor();
  await TAB_LOADED[tab]!(page).waitFor();
  await panel
    .getByRole('status')
    .filter({ hasText: /^Loading/ })
    .first()
    .waitFor({ state: 'detached' });
  await animationsDone(page);
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe('profile', () => {
  it('changes the picture (seen in the top bar) and the name, and signs out another session', async () => {
    const account = await createAccount(server, 'Ifeoma', 'Okafor');
    await apiAs(server, await tokenFor(server, account), 'PUT', '/auth/me', { onboardingCompleted: true });
    const laptop = await personBrowser(server);
    const phone = await launchBrowser({ viewport: { width: 390, height: 844 } });
    await phone.addInitScript(() => sessionStorage.setItem('amana:install-prompt-dismissed', '1'));
    try {
      const page = await laptop.newPage();
      await signIn(page, server, account);
      const phonePage = await phone.newPage();
      await signIn(phonePage, server, account);

      await page.goto(`${server.url}/app/profile`);
      await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
      expect(await page.getByTestId('avatar-image').count()).toBe(0);
      await page.getByLabel('Choose a profile picture').setInputFiles(writeTinyPng());
      await page.getByAltText('Preview of your new profile picture').waitFor();
      await page.getByRole('button', { name: 'Save picture' }).click();
      await seeText(page, 'Profile updated successfully!');
      // The top bar's account button now shows the picture, fetched with the token.
      await page
        .getByRole('button', { name: /Account menu for/ })
        .getByTestId('avatar-image')
        .waitFor({ timeout: 15_000 });

      await page.getByLabel('First name').fill('Ify');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('button', { name: 'Account menu for Ify' }).waitFor({ timeout: 15_000 });

      await page.getByRole('tab', { name: 'Security' }).click();
      const rows = page.getByTestId('session-row');
      // This browser, the phone, and the API session the set-up signed in with.
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
      expect(await seriousFindings(page)).toEqual([]);
      await page.getByRole('button', { name: /^Sign out Unknown device/ }).click();
      await seeText(page, 'Session signed out');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
      // It asks first, naming how many devices will be signed out.
      await page
        .getByRole('dialog', { name: 'Sign out all other sessions?' })
        .getByRole('button', { name: 'Sign out other sessions' })
        .click();
      await seeText(page, 'Signed out of all other sessions');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);

      // The phone's next request is refused and the app signs it out.
      await phonePage.goto(`${server.url}/app/profile`);
      await phonePage.waitForURL('**/login**', { timeout: 15_000 });

      await page.getByRole('tab', { name: 'Preferences' }).click();
      await page.getByRole('switch', { name: 'Hide amounts by default' }).waitFor();
      expect(await seriousFindings(page)).toEqual([]);
      await page.getByRole('tab', { name: 'Profile' }).click();
      await page.getByTestId('completed-count').waitFor();
      expect(await seriousFindings(page)).toEqual([]);
    } finally {
      await laptop.dispose();
      await phone.dispose();
    }
  }, 180_000);

  it('works at phone width with no sideways scrolling and no serious axe findings', async () => {
    const account = await createAccount(server, 'Bola', 'Ade');
    await apiAs(server, await tokenFor(server, account), 'PUT', '/auth/me', { onboardingCompleted: true });
    const phone = await launchBrowser({ viewport: { width: 360, height: 740 } });
    await phone.addInitScript(() => sessionStorage.setItem('amana:install-prompt-dismissed', '1'));
    try {
      const page = await phone.newPage();
      await signIn(page, server, account);
      await page.goto(`${server.url}/app/profile`);
      await page.getByTestId('completed-count').waitFor();
      for (const tab of ['Profile', 'Security', 'Preferences']) {
        await page.getByRole('tab', { name: tab }).click();
        await tabSettled(page, tab);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${tab} scrolls sideways`).toBeLessThanOrEqual(0);
        expect(await seriousFindings(page), tab).toEqual([]);
      }
    } finally {
      await phone.dispose();
    }
  }, 120_000);
});
