import { z } from 'zod';
import { msg } from '@escrow/shared/i18n/msg';

/** The join link page's texts (English ids: the form shows them with t()). */
export const JOIN_LINK_TEXT = {
  empty: msg('Please enter a transaction link'),
  badFormat: msg('Invalid link format. Please check the link and try again.'),
  noCode: msg('Invalid transaction link. Please check the link and try again.'),
} as const;

export type JoinLinkResult = { ok: true; code: string } | { ok: false; error: string };

// Invitation codes are base64url; anything else in the last segment cannot be one.
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    // A link copied without its scheme ('amana.ng/app/join-transaction/…') is still a link.
    if (/^[^\s/]+\.[^\s/]+\/\S+$/.test(text)) {
      try {
        return new URL(`https://${text}`);
      } catch {
        return null;
      }
    }
    return null;
  }
}

/** The invitation code of a pasted share link: the last segment of its path. */
export function parseJoinLink(input: string): JoinLinkResult {
  const text = input.trim();
  if (!text) return { ok: false, error: JOIN_LINK_TEXT.empty };
  const url = parseUrl(text);
  if (!url || !/^https?:$/.test(url.protocol)) return { ok: false, error: JOIN_LINK_TEXT.badFormat };
  const last = url.pathname.split('/').filter(Boolean).pop();
  let code: string | undefined;
  try {
    code = last === undefined ? undefined : decodeURIComponent(last);
  } catch {
    code = undefined;
  }
  if (!code || !CODE_PATTERN.test(code)) return { ok: false, error: JOIN_LINK_TEXT.noCode };
  return { ok: true, code };
}

/** The join-link form's schema: the pasted link, read into its invitation code (or the refusal's message). */
export const joinLinkFormSchema = z.object({
  link: z.string().transform((text, ctx) => {
    const result = parseJoinLink(text);
    if (result.ok) return result.code;
    ctx.addIssue({ code: 'custom', message: result.error });
    return z.NEVER;
  }),
});
