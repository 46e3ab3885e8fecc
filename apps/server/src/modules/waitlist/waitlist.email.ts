import { WAITLIST_LAUNCH, type WaitlistInterest } from '@escrow/shared/schemas/waitlist';
import type { Mail } from '../../lib/mailer.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const INTEREST_LINES: Record<WaitlistInterest, string> = {
  individual: 'You told us you buy or sell as an individual: paying a stranger online will feel safe.',
  business: 'You told us you run a business: your buyers can pay you knowing their money is protected.',
  marketplace:
    'You told us you run a marketplace: we will be in touch about escrow for the people who trade on it.',
};

type WelcomeInput = { email: string; firstName: string; interest: WaitlistInterest };
type Context = { publicUrl: string; supportEmail: string };

/**
 * The welcome e-mail after a waitlist sign-up (it names the launch, WAITLIST_LAUNCH). Plain text
 * and HTML carry the same words; every value from the visitor is escaped in the HTML.
 */
export function welcomeEmail(entry: WelcomeInput, { publicUrl, supportEmail }: Context): Mail {
  const subject = `You're on the Amana Escrow waitlist`;
  const paragraphs = [
    `Hi ${entry.firstName},`,
    `Thank you for joining the Amana Escrow waitlist. We expect to launch in ${WAITLIST_LAUNCH}, and you will hear from us first.`,
    'Amana Escrow keeps online trade in Nigeria safe: the buyer pays into escrow, the seller ships, and the money is released to the seller only when the buyer confirms the item arrived as described. The fee is 2.5% of the price and the seller receives the full price.',
    INTEREST_LINES[entry.interest],
    `Until then, you can read how it works at ${publicUrl}.`,
  ];
  const footerStart = `You are receiving this e-mail because ${entry.email} was entered on the Amana Escrow waitlist. If that was not you, or you want to be removed from the list, reply to this e-mail or write to `;
  const footerEnd = ' and we will delete your details.';

  const text = [...paragraphs, '— The Amana Escrow team', `${footerStart}${supportEmail}${footerEnd}`].join(
    '\n\n',
  );
  const mailto = `<a href="mailto:${escapeHtml(supportEmail)}" style="color:#0f766e">${escapeHtml(supportEmail)}</a>`;
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:22px;color:#0f766e">Welcome to the Amana Escrow waitlist</h1>
${paragraphs.map((p) => `<p style="line-height:1.6;margin:0 0 14px">${escapeHtml(p)}</p>`).join('\n')}
<p style="line-height:1.6;margin:0 0 14px">— The Amana Escrow team</p>
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="font-size:12px;line-height:1.5;color:#475569;margin:0">${escapeHtml(footerStart)}${mailto}${escapeHtml(footerEnd)}</p>
</div></body></html>`;
  return { to: entry.email, subject, text, html };
}
