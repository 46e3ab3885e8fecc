import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { users } from '../../apps/server/src/db/schema/users.ts';
import type { TestServer } from './harness.ts';
import {
  apiAs,
  createAccount,
  joinedListing,
  lagosDatePlus,
  tokenFor,
  writeTinyPng,
  type Account,
} from './journey-helpers.ts';

/** Set-up steps for journeys about disputes, all through the API (what the journey is about is in the browser). */
export async function upload(
  server: TestServer,
  token: string,
  fields: Record<string, string>,
  file: { name: string; data: Buffer; type: string },
): Promise<string> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const response = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const payload = (await response.json()) as { data: { upload: { id: string } }; error?: string };
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${payload.error}`);
  return payload.data.upload.id;
}

export const tinyPng = () => ({ name: 'parcel.png', data: readFileSync(writeTinyPng()), type: 'image/png' });

/** A paid, shipped transaction (no courier): the buyer may now confirm receipt or dispute. */
export async function shippedListing(
  server: TestServer,
  names: { seller: string; buyer: string },
  price: number,
) {
  const listing = await joinedListing(server, names, {
    description: 'Samsung Galaxy A54',
    price,
    itemCategory: 'Electronics',
  });
  const id = listing.created.transaction.id;
  await apiAs(server, listing.buyerToken, 'POST', '/wallet/deposit', {
    amount: listing.created.transaction.total,
  });
  await apiAs(server, listing.buyerToken, 'PUT', `/transactions/${id}/confirm-payment`, {
    paymentMethod: 'WALLET',
  });
  const photo = await upload(
    server,
    listing.sellerToken,
    { purpose: 'shipment_photo', transactionId: id },
    tinyPng(),
  );
  await apiAs(server, listing.sellerToken, 'PUT', `/transactions/${id}/shipping-details`, {
    shipmentData: {
      photos: [photo],
      estimatedDelivery: lagosDatePlus(2),
      itemCondition: 'GOOD',
      packagingDetails: 'Boxed',
    },
  });
  return { ...listing, id };
}

/** A new account with a staff role (set in the database, as `npm run create-admin` does). */
export async function staffAccount(
  server: TestServer,
  role: 'ADMIN' | 'SUPPORT',
  firstName: string,
): Promise<Account> {
  const account = await createAccount(server, firstName, 'Staff');
  await server.app.deps.db.update(users).set({ role }).where(eq(users.email, account.email));
  return account;
}

export { tokenFor };
