import { msg } from '@escrow/shared/i18n/msg';
import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { unauthorized } from '../../lib/errors.ts';
import { findUserById } from './auth.repository.ts';

/**
 * The signed-in user's row, read now. `request.user` is a slim, possibly seconds-old copy from the
 * session cache; a route that shows the whole profile or decides on money (deposit caps, withdrawal
 * limits) loads the row with this instead. A user gone since the token was checked answers 401.
 */
export async function loadUser(db: DbOrTx, userId: string): Promise<UserRow> {
  const row = await findUserById(db, userId);
  if (!row) throw unauthorized(msg('Invalid or expired token'));
  return row;
}
