import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { createTestApp, uniqueEmail } from '../../testing/test-app.ts';
import { userWithToken } from './waitlist.test-helpers.ts';

let app: App;
let admin: string;
let support: string;
let user: string;
const mine: string[] = [];

beforeAll(async () => {
  app = await createTestApp({ WAITLIST_RATE_LIMIT_PER_MINUTE: '10000' });
  admin = (await userWithToken(app, 'ADMIN')).authorization;
  support = (await userWithToken(app, 'SUPPORT')).authorization;
  user = (await userWithToken(app, 'USER')).authorization;
  const people = [
    { firstName: 'Ada', lastName: 'Plain', phone: '+2348031234567' },
    { firstName: '=HYPERLINK("http://evil.example","click")', lastName: 'Formula' },
    { firstName: 'Comma, "Quoted"', lastName: '@Mention' },
    { firstName: '-2+3', lastName: '+cmd' },
  ];
  for (const person of people) {
    const email = uniqueEmail('staff-view');
    mine.push(email);
    const res = await app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { email, interest: 'marketplace', ...person },
    });
    expect(res.statusCode).toBe(201);
  }
  await app.waitlistTasks.drain();
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, authorization?: string) =>
  app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

describe('GET /api/admin/waitlist', () => {
  it('lists the entries newest first for staff', async () => {
    const res = await get('/api/admin/waitlist?page=1&limit=100', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, data: { page: 1 } });
    expect(body.data.total).toBeGreaterThanOrEqual(4);
    // Other test files may add entries to a shared database: look at ours only.
    const ours = body.data.entries.filter((e: { email: string }) => mine.includes(e.email));
    expect(ours.map((e: { email: string }) => e.email)).toEqual([...mine].reverse());
    expect(ours[0]).toMatchObject({
      firstName: '-2+3',
      lastName: '+cmd',
      interest: 'marketplace',
      phone: null,
    });
    expect(ours[3]).toMatchObject({ firstName: 'Ada', phone: '+2348031234567' });
    expect(typeof ours[0].welcomeEmailSentAt).toBe('string');
  });

  it('pages with page and limit', async () => {
    const first = (await get('/api/admin/waitlist?page=1&limit=2', support)).json().data;
    const second = (await get('/api/admin/waitlist?page=2&limit=2', support)).json().data;
    expect(first.entries).toHaveLength(2);
    expect(second.entries).toHaveLength(2);
    expect(second.page).toBe(2);
    // Newest first across pages (entries added meanwhile only push older ones further down).
    expect(Date.parse(second.entries[0].createdAt)).toBeLessThanOrEqual(
      Date.parse(first.entries[1].createdAt),
    );
  });

  it('rejects a bad page or limit with a 400 envelope', async () => {
    for (const query of ['page=0', 'limit=101', 'page=abc', 'limit=-5']) {
      const res = await get(`/api/admin/waitlist?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('is closed to anonymous visitors (401) and to ordinary users (403)', async () => {
    for (const url of ['/api/admin/waitlist', '/api/admin/waitlist/export.csv']) {
      const anonymous = await get(url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      const plain = await get(url, user);
      expect(plain.statusCode, url).toBe(403);
      expect(plain.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });
});

describe('GET /api/admin/waitlist/export.csv', () => {
  it('downloads every entry as escaped CSV with formulas neutralised', async () => {
    const res = await get('/api/admin/waitlist/export.csv', support);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="waitlist-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('Email,First name,Last name,Phone,Interest,Joined at,Welcome e-mail sent at');
    const line = (email: string) => lines.find((l) => l.startsWith(`${email},`));
    expect(line(mine[0]!)).toMatch(new RegExp(`^${mine[0]},Ada,Plain,'\\+2348031234567,marketplace,`));
    expect(line(mine[1]!)).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",Formula,,`);
    expect(line(mine[2]!)).toContain(`,"Comma, ""Quoted""",'@Mention,,`);
    expect(line(mine[3]!)).toContain(`,'-2+3,'+cmd,,`);
  });

  it('puts each export on the audit log (personal data leaving the system)', async () => {
    const before = await app.deps.db.select().from(auditLog).where(eq(auditLog.action, 'waitlist.export'));
    expect((await get('/api/admin/waitlist/export.csv', support)).statusCode).toBe(200);
    const after = await app.deps.db.select().from(auditLog).where(eq(auditLog.action, 'waitlist.export'));
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      targetType: 'waitlist',
      summary: { after: { entries: expect.any(Number) } },
    });
  });
});
