import type { Mail } from './mailer.ts';

export const PRODUCT_NAME = 'Amana Escrow';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One e-mail of the product: the plain text is the message; the HTML is the same words (escaped: user
 * text such as a dispute reason is never markup) with a clickable link.
 */
export function composeMail(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
): Mail {
  const text = [...paragraphs, ...(link ? [link.href] : []), `The ${PRODUCT_NAME} team`].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
    `<p>The ${PRODUCT_NAME} team</p>`,
  ].join('\n');
  return { to, subject, text, html };
}
