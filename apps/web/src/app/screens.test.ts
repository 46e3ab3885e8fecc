import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';
import { matchScreens, SCREENS, type Screen } from './screens';

/** Every screen's path with its params filled in, plus addresses the router sends elsewhere. */
function samplePaths(): string[] {
  const paths: string[] = [];
  const visit = (screens: Screen[], base: string) => {
    for (const screen of screens) {
      const full = `${base}/${screen.path}`.replace(/\/+/g, '/');
      paths.push(full.replace(/:\w+/g, 'abc-123').replace(/\*$/, 'some/deeper/page'));
      if (screen.children) visit(screen.children, full);
    }
  };
  visit(SCREENS, '');
  return [
    ...paths,
    '/app',
    '/app/',
    '/LOGIN',
    '/app/Dashboard',
    '/app/nowhere',
    '/app/dashboard/extra',
    '/legal',
    '/no/such/page',
    '/app/join-transaction/code%20with%20space',
  ];
}

/** The paths of the screens react-router renders for `path`, outermost first (not the index redirect). */
const routerScreens = (path: string) =>
  (matchRoutes(routes, path) ?? []).filter((match) => match.route.lazy).map((match) => match.route.path);

describe('matchScreens (what the entry downloads early)', () => {
  it.each(samplePaths())('agrees with the router on %s', (path) => {
    const screens = matchScreens(path)?.map(({ screen }) => screen.path) ?? [];
    // The /app index redirect: the router renders the guard, then the dashboard after the redirect.
    const rendered = path.replace(/\/$/, '') === '/app' ? screens.slice(0, 1) : screens;
    expect(rendered).toEqual(routerScreens(path));
  });

  it('follows the /app index redirect to the dashboard', () => {
    expect(matchScreens('/app')?.map(({ screen }) => screen.path)).toEqual(['/app', 'dashboard']);
  });

  it('gives the params decoded, as the router does', () => {
    const [, join] = matchScreens('/app/join-transaction/code%20with%20space')!;
    expect(join!.params).toEqual({ code: 'code with space' });
    expect(join!.screen.data?.(join!.params)).toEqual(['/transactions/invite/code%20with%20space']);
    const [, details] = matchScreens('/app/transactions/tx-1')!;
    expect(details!.screen.data?.(details!.params)).toEqual(['/transactions/tx-1']);
  });
});
