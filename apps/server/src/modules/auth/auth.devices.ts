import { msg } from '@escrow/shared/i18n/msg';
import { translate, type Language } from '../../lib/i18n.ts';

/**
 * 'Chrome on Windows' from a user agent, for the sessions list. A few patterns in the order that
 * matters (Edge and Opera also say Chrome; Chrome also says Safari), no library: the list only
 * needs to help a user recognise their own devices, and an unknown agent says 'Unknown device'.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Written in `language` (the reader's): browser and system names stay as they are. */
export function describeDevice(userAgent: string | null | undefined, language: Language = 'en'): string {
  const unknown = () => translate(language, msg('Unknown device'));
  if (!userAgent) return unknown();
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return translate(language, msg('{browser} on {system}'), { browser, system });
  return browser ?? system ?? unknown();
}
