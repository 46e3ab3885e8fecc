import { t } from '../lib/i18n';

/**
 * Shown when the code a page needs could not be downloaded (offline before the service worker has
 * the files, a deploy replaced them). Plain DOM, no React: the entry shows it when even React could
 * not be fetched, and the router app when the providers could not.
 */
export function showLoadFailed(container: HTMLElement): void {
  const element = (tag: string, className: string, text?: string) => {
    const node = document.createElement(tag);
    node.className = className;
    if (text) node.textContent = text;
    return node;
  };
  const main = element('main', 'grid min-h-dvh place-items-center px-4 text-center');
  const box = document.createElement('div');
  const reload = element(
    'button',
    'mt-4 h-10 rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
    t('Reload'),
  );
  reload.setAttribute('type', 'button');
  reload.addEventListener('click', () => window.location.reload());
  box.append(
    element('h1', 'text-xl font-semibold text-slate-900', t('This page could not be loaded')),
    element('p', 'mt-2 text-sm text-slate-600', t('Check your internet connection and try again.')),
    reload,
  );
  main.append(box);
  container.replaceChildren(main);
}
