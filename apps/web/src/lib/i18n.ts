import { setupI18n } from '@lingui/core';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  negotiateLanguage,
  type Language,
} from '@escrow/shared/i18n/languages';
import { messageKey } from '@escrow/shared/i18n/message-key';

/**
 * The screens' language (docs/languages.md). Every text on screen goes through `t` with its English
 * text as id (the spec's texts stay the ids); a language's compiled catalogue is loaded in groups,
 * `public` with the first page, `app` with the signed-in app and `legal` with a legal page, so the
 * landing page downloads only what it shows. Numbers, money and dates keep en-NG formats in every language (lib/format.ts).
 */
export type CatalogueGroup = 'public' | 'app' | 'legal';
type Compiled = Record<string, unknown>;
type CatalogueModule = { default: Compiled };

const LOADERS: Record<Language, Record<CatalogueGroup, () => Promise<CatalogueModule>>> = {
  en: {
    public: () => import('virtual:i18n/en/public'),
    app: () => import('virtual:i18n/en/app'),
    legal: () => import('virtual:i18n/en/legal'),
  },
  pcm: {
    public: () => import('virtual:i18n/pcm/public'),
    app: () => import('virtual:i18n/pcm/app'),
    legal: () => import('virtual:i18n/pcm/legal'),
  },
  yo: {
    public: () => import('virtual:i18n/yo/public'),
    app: () => import('virtual:i18n/yo/app'),
    legal: () => import('virtual:i18n/yo/legal'),
  },
  ha: {
    public: () => import('virtual:i18n/ha/public'),
    app: () => import('virtual:i18n/ha/app'),
    legal: () => import('virtual:i18n/ha/legal'),
  },
  ig: {
    public: () => import('virtual:i18n/ig/public'),
    app: () => import('virtual:i18n/ig/app'),
    legal: () => import('virtual:i18n/ig/legal'),
  },
};

export const LANGUAGE_STORAGE_KEY = 'amana.language';

const i18n = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { [DEFAULT_LANGUAGE]: {} } });
/** English's compiled messages (those with placeholders): what a missing translation falls back to. */
const english: Compiled = {};
const loaded = new Map<string, Promise<void>>();
const wantedGroups = new Set<CatalogueGroup>(['public']);
let current: Language = DEFAULT_LANGUAGE;
/**
 * The language being switched to (`current` once its catalogues are in): a group asked for during the
 * switch (the first screen's, while the first page's texts are on their way) comes in this language.
 */
let target: Language = DEFAULT_LANGUAGE;
/** Groups of the current language that arrived after it became current (a step loading its texts). */
let arrivals = 0;
const arrivalListeners = new Set<() => void>();
const listeners = new Set<() => void>();
const keys = new Map<string, string>();

/** The text `id` (its English text) in the screens' language, with ICU `params`. */
/** A param that is itself a message (a status's words inside a refusal), written in the same language. */
type Param = string | number | { readonly message: string; readonly params?: Params };
type Params = Readonly<Record<string, Param>>;

export function t(id: string, params?: Params): string {
  let key = keys.get(id);
  if (key === undefined) {
    key = messageKey(id);
    keys.set(id, key);
  }
  const compiled = (i18n.messages[key] ?? english[key]) as unknown[] | undefined;
  // A plain text (most of them) is its own compiled form: no need to interpolate. A text no catalogue
  // has (English's plain texts, a server message passed through) is shown as it is.
  if (compiled === undefined) return id;
  if (compiled.length === 1 && typeof compiled[0] === 'string') return compiled[0];
  // Lingui interpolates a compiled message given as the fallback `message` (typed as a source string).
  const values =
    params &&
    Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        typeof value === 'object' ? t(value.message, value.params) : value,
      ]),
    );
  return i18n._(key, values, { message: compiled as unknown as string });
}

export function currentLanguage(): Language {
  return current;
}

/** The language for a visitor's first page: their last choice on this device, else the browser's. */
export function initialLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // storage refused (private mode): the browser's languages decide
  }
  if (isLanguage(stored)) return stored;
  return negotiateLanguage(navigator.languages?.join(',') || navigator.language) ?? DEFAULT_LANGUAGE;
}

function loadGroup(language: Language, group: CatalogueGroup): Promise<void> {
  const id = `${language}/${group}`;
  let loading = loaded.get(id);
  if (!loading) {
    loading = LOADERS[language][group]().then(
      ({ default: messages }) => {
        i18n.load(language, messages as never);
        if (language === DEFAULT_LANGUAGE) Object.assign(english, messages);
        if (language === current) {
          arrivals++;
          arrivalListeners.forEach((listener) => listener());
        }
      },
      (error: unknown) => {
        loaded.delete(id); // a later attempt may succeed (back online)
        throw error;
      },
    );
    loaded.set(id, loading);
  }
  return loading;
}

/**
 * Loads `group` of the screens' language (the one being switched to, if a switch is on its way) and
 * English's, the fallback; the signed-in app's screens need `app`.
 */
export function loadCatalogues(group: CatalogueGroup, language: Language = target): Promise<void> {
  wantedGroups.add(group);
  return Promise.all([loadGroup(DEFAULT_LANGUAGE, group), loadGroup(language, group)]).then(() => {});
}

/**
 * Switches the screens to `language` once its catalogues have arrived: the page re-renders in it
 * (useLanguage), `<html lang>` follows, and this device remembers it. Saving it on the account is the
 * caller's (PUT /auth/me).
 */
export async function setLanguage(language: Language, { remember = true } = {}): Promise<void> {
  target = language;
  await Promise.all([...wantedGroups].map((group) => loadCatalogues(group, language)));
  // A later choice, made while these texts were on their way, wins.
  if (target !== language) return;
  current = language;
  i18n.activate(language);
  document.documentElement.lang = htmlLang(language);
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // storage refused: the choice lasts for this page
    }
  }
  listeners.forEach((listener) => listener());
}

/** `<html lang>`: English is Nigerian English. */
export function htmlLang(language: Language): string {
  return language === 'en' ? 'en-NG' : language;
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Told when a group of the current language arrives after the switch (see useCatalogueGroup). */
export function subscribeArrivals(listener: () => void): () => void {
  arrivalListeners.add(listener);
  return () => arrivalListeners.delete(listener);
}
export const catalogueArrivals = () => arrivals;
