import { WAITLIST_LAUNCH, type WaitlistInterest } from '@escrow/shared/schemas/waitlist';
import { translate, type Language, type MessageParams } from '../../lib/i18n.ts';
import { PRODUCT_NAME } from '../../lib/mail-compose.ts';
import type { Mail } from '../../lib/mailer.ts';
import { msg } from '@escrow/shared/i18n/msg';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const INTEREST_LINES: Record<WaitlistInterest, string> = {
  individual: msg('You told us you buy or sell as an individual: paying a stranger online will feel safe.'),
  business: msg('You told us you run a business: your buyers can pay you knowing their money is protected.'),
  marketplace: msg(
    'You told us you run a marketplace: we will be in touch about escrow for the people who trade on it.',
  ),
};

const TEXT = {
  subject: msg("You're on the Amana Escrow waitlist"),
  heading: msg('Welcome to the Amana Escrow waitlist'),
  hello: msg('Hi {firstName},'),
  thanks: msg(
    'Thank you for joining the Amana Escrow waitlist. We expect to launch in {launch}, and you will hear from us first.',
  ),
  howItWorks: msg(
    'Amana Escrow keeps online trade in Nigeria safe: the buyer pays into escrow, the seller ships, and the money is released to the seller only when the buyer confirms the item arrived as described. The fee is 2.5% of the price and the seller receives the full price.',
  ),
  readMore: msg('Until then, you can read how it works at {url}.'),
  signature: msg('The {product} team'),
  /** {supportEmail} becomes a mailto link in the HTML. */
  footer: msg(
    'You are receiving this e-mail because {email} was entered on the Amana Escrow waitlist. If that was not you, or you want to be removed from the list, reply to this e-mail or write to {supportEmail} and we will delete your details.',
  ),
};

type WelcomeInput = { email: string; firstName: string; interest: WaitlistInterest };
type Context = { publicUrl: string; supportEmail: string };

/** Stands for the support address while the footer is translated, so the HTML can link it. */
const SUPPORT_SLOT = '\u0000';

/**
 * The welcome e-mail after a waitlist sign-up (it names the launch, WAITLIST_LAUNCH), in the language
 * the visitor signed up in (the request's). Plain text and HTML carry the same words; every value from
 * the visitor is escaped in the HTML.
 */
export function welcomeEmail(
  entry: WelcomeInput,
  { publicUrl, supportEmail }: Context,
  language: Language = 'en',
): Mail {
  const t = (id: string, params?: MessageParams) => translate(language, id, params);
  const subject = t(TEXT.subject);
  const paragraphs = [
    t(TEXT.hello, { firstName: entry.firstName }),
    t(TEXT.thanks, { launch: WAITLIST_LAUNCH }),
    t(TEXT.howItWorks),
    t(INTEREST_LINES[entry.interest]),
    t(TEXT.readMore, { url: publicUrl }),
  ];
  const signature = `— ${t(TEXT.signature, { product: PRODUCT_NAME })}`;
  const [footerStart = '', footerEnd = ''] = t(TEXT.footer, {
    email: entry.email,
    supportEmail: SUPPORT_SLOT,
  }).split(SUPPORT_SLOT);

  const text = [...paragraphs, signature, `${footerStart}${supportEmail}${footerEnd}`].join('\n\n');
  const mailto = `<a href="mailto:${escapeHtml(supportEmail)}" style="color:#0f766e">${escapeHtml(supportEmail)}</a>`;
  const html = `<!doctype html>
<html lang="${language}"><body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:22px;color:#0f766e">${escapeHtml(t(TEXT.heading))}</h1>
${paragraphs.map((p) => `<p style="line-height:1.6;margin:0 0 14px">${escapeHtml(p)}</p>`).join('\n')}
<p style="line-height:1.6;margin:0 0 14px">${escapeHtml(signature)}</p>
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="font-size:12px;line-height:1.5;color:#475569;margin:0">${escapeHtml(footerStart)}${mailto}${escapeHtml(footerEnd)}</p>
</div></body></html>`;
  return { to: entry.email, subject, text, html };
}
