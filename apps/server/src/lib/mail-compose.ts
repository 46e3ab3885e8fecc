import { msg } from '@escrow/shared/i18n/msg';
import { translate, type Language } from './i18n.ts';
import type { Mail } from './mailer.ts';

export const PRODUCT_NAME = 'Amana Escrow';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SIGNATURE = msg('The {product} team');

/**
 * One e-mail of the product, in its recipient's `language` (docs/languages.md): the subject, paragraphs
 * and link label arrive written in it; the signature is added in it. The plain text is the message; the
 * HTML is the same words (escaped: user text such as a dispute reason is never markup) with a clickable
 * link, and says which language it is in.
 */
export function composeMail(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
  language: Language = 'en',
): Mail {
  const signature = translate(language, SIGNATURE, { product: PRODUCT_NAME });
  const text = [...paragraphs, ...(link ? [link.href] : []), signature].join('\n\n');
  const html = [
    `<div lang="${language === 'en' ? 'en-NG' : language}">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
    `<p>${escapeHtml(signature)}</p>`,
    '</div>',
  ].join('\n');
  return { to, subject, text, html };
}
