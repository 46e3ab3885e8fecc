import { toast } from 'sonner';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';

/** English ids: the toasts show them with t(). */
export const SHARE_TEXT = {
  copied: msg('Copied to clipboard!'),
  copyFailed: msg('Failed to copy to clipboard'),
  shareFailed: msg('Failed to share'),
} as const;

/** The link an invitee opens: /app/join-transaction/{invitationCode} on this site. */
export function joinLinkFor(code: string, origin = window.location.origin): string {
  return `${origin}/app/join-transaction/${encodeURIComponent(code)}`;
}

/** `successText`: an English id (or a text already in the reader's language), shown with t(). */
export async function copyToClipboard(text: string, successText: string = SHARE_TEXT.copied) {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(text);
    toast.success(t(successText));
    return true;
  } catch {
    toast.error(t(SHARE_TEXT.copyFailed));
    return false;
  }
}

/** The system share sheet where there is one, else the link is copied. Cancelling the sheet is not an error. */
export async function shareLink(url: string, title: string) {
  if (typeof navigator.share !== 'function') return copyToClipboard(url);
  try {
    await navigator.share({ title, text: title, url });
    return true;
  } catch (error) {
    if ((error as Error)?.name !== 'AbortError') toast.error(t(SHARE_TEXT.shareFailed));
    return false;
  }
}
