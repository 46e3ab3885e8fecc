import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../testing/test-app.ts';
import { DEMO_ACCOUNTS } from './seed.ts';
import { seedDemoVendors } from './seed-vendors.ts';
import { users } from './schema/users.ts';

const DEMO_NAMES = ['Bakare Gadgets', 'Amina Fabrics Kano', 'Obi Auto Parts'];
let app: App;
beforeAll(async () => {
  app = await createTestApp();
  for (const { label: _label, password: _password, ...fields } of DEMO_ACCOUNTS)
    await app.deps.db.insert(users).values({ ...fields, passwordHash: 'not-a-real-hash' });
});
afterAll(async () => {
  await app.close();
});

it('demo vendors get their figures from trades run through the real API, once', async () => {
  await seedDemoVendors(app);
  await seedDemoVendors(app);
  const [buyer] = await app.deps.db.select().from(users);
  const { token } = await app.tokens.issue(buyer!.id);
  const res = await app.inject({
    method: 'GET',
    url: '/api/vendors?sort=orders&limit=50',
    headers: { authorization: `Bearer ${token}` },
  });
  const vendors = res.json().data.vendors as {
    name: string;
    completedOrders: number;
    rating: number;
    reviewCount: number;
    responseTimeMinutes: number;
  }[];
  const demo = vendors.filter((v) => DEMO_NAMES.includes(v.name));
  expect(demo.map((v) => [v.name, v.completedOrders, v.rating, v.reviewCount])).toEqual([
    ['Bakare Gadgets', 2, 4.5, 2],
    ['Amina Fabrics Kano', 1, 5, 1],
    ['Obi Auto Parts', 1, 3, 1],
  ]);
  expect(demo[0]!.responseTimeMinutes).toBe(1);
});
