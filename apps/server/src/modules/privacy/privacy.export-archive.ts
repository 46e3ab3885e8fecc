import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { accountForExport } from '../auth/index.ts';
import { disputesForExport } from '../disputes/index.ts';
import { identityForExport } from '../identity/index.ts';
import { messagesForExport } from '../messages/index.ts';
import { notificationsForExport } from '../notifications/index.ts';
import { phoneForExport } from '../phone/index.ts';
import { partyTransactionIdsOf, transactionsForExport } from '../transactions/index.ts';
import { StorageError, uploadsOwnedBy } from '../uploads/index.ts';
import { vendorDataForExport } from '../vendors/index.ts';
import { walletForExport } from '../wallet/index.ts';
import { translate } from '../../lib/i18n.ts';
import type { PrivacyDeps } from './privacy.deps.ts';
import { msg } from '@escrow/shared/i18n/msg';

const README = msg(`Your data from Amana Escrow

Each file holds one kind of record, in JSON:
- profile.json: your profile as the app shows it, and your verified phone number
- sessions.json: every sign-in (device, address, when, when it ended)
- transactions.json: your trades as you see them in the app, each with its activity
- messages.json: the conversations of your trades, as they show to you
- disputes.json: your disputes, as a party sees them
- notifications.json: every notification you received
- ratings.json: your vendor profile, the ratings you gave and received, the vendors you saved
- verification.json: your identity checks and documents (numbers masked)
- bank-accounts.json: your bank accounts (numbers masked) and withdrawals
- wallet-statement.json: every movement of each of your wallets
- files.json and files/: the files you uploaded

Amounts are in major units (naira, not kobo) unless a field says otherwise; times are UTC (ISO 8601).
`);

/** A name safe in a ZIP on any system: no folders, no control or reserved characters. */
const safeName = (name: string) => name.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').slice(0, 120) || 'file';

/**
 * The ZIP of "Download my data" (docs/privacy.md), streamed into file storage under `storageKey` as it
 * is made: JSON for each kind of record, each read from the module that owns it as the user is shown
 * it, then the bytes of every file the user uploaded, read from storage one at a time. Nothing of
 * anyone else is in it beyond what the user's own screens show them. Answers the ZIP's size.
 */
export async function writeExportArchive(
  deps: Pick<PrivacyDeps, 'db' | 'clock' | 'storage'>,
  userId: string,
  storageKey: string,
): Promise<number> {
  const { db } = deps;
  const account = await accountForExport(db, userId);
  // The README, the activity feeds, the app's own chat lines and the wallet statement's lines in the
  // account's saved language, as its screens show them; what people wrote stays as they wrote it.
  const language = account.profile.language ?? 'en';
  const readme = translate(language, README);
  const partyIds = await partyTransactionIdsOf(db, userId);
  const records: [string, unknown][] = [
    [
      'profile.json',
      {
        profile: account.profile,
        verifiedPhone: await phoneForExport(db, userId),
        exportedAt: deps.clock.now().toISOString(),
      },
    ],
    ['sessions.json', account.sessions],
    ['transactions.json', await transactionsForExport(db, userId, language)],
    ['messages.json', await messagesForExport(db, userId, partyIds, language)],
    ['disputes.json', await disputesForExport(deps, userId)],
    ['notifications.json', await notificationsForExport(db, userId)],
    ['ratings.json', await vendorDataForExport(db, userId)],
    ['verification.json', await identityForExport(db, userId)],
  ];
  const wallet = await walletForExport(db, userId, language);
  records.push(
    ['bank-accounts.json', { bankAccounts: wallet.bankAccounts, withdrawals: wallet.withdrawals }],
    ['wallet-statement.json', wallet.statements],
  );
  const files = (await uploadsOwnedBy(db, userId)).map((upload) => ({
    upload,
    path: `files/${upload.purpose}/${upload.id}-${safeName(upload.filename)}`,
  }));
  const missing = new Set<string>();

  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const stored = deps.storage.write(storageKey, out);
  // Until the store reads it, a failure of the archive must not be an unhandled rejection.
  stored.catch(() => undefined);
  try {
    const text = (name: string, content: string) => {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(strToU8(content), true);
    };
    text('README.txt', readme);
    for (const [name, value] of records) text(name, `${JSON.stringify(value, null, 2)}\n`);
    for (const { upload, path } of files) {
      const object = await deps.storage.open(upload.storageKey).catch((error: unknown) => {
        // A file whose bytes are gone (a store restored from an older backup) is listed as missing.
        if (error instanceof StorageError && error.reason === 'missing') return null;
        throw error;
      });
      if (!object) {
        missing.add(upload.id);
        continue;
      }
      // Pictures and PDFs are compressed already: stored as they are.
      const entry = new ZipPassThrough(path);
      zip.add(entry);
      for await (const chunk of object.body) {
        entry.push(chunk as Uint8Array);
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      entry.push(new Uint8Array(0), true);
    }
    text(
      'files.json',
      `${JSON.stringify(
        files.map(({ upload, path }) => ({
          id: upload.id,
          purpose: upload.purpose,
          filename: upload.filename,
          mimeType: upload.mimeType,
          size: upload.size,
          transactionId: upload.transactionId,
          uploadedAt: upload.createdAt.toISOString(),
          path: missing.has(upload.id) ? null : path,
        })),
        null,
        2,
      )}\n`,
    );
    zip.end();
  } catch (error) {
    out.destroy(error as Error);
  }
  await stored;
  return (await deps.storage.size(storageKey)) ?? 0;
}
