import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@escrow/shared/domain/money';
import { LANGUAGES } from '@escrow/shared/i18n/languages';
import { PARTNER_TEXT, partnerInviteeLanguageSchema } from '@escrow/shared/schemas/partner';
import type { App } from '../../app.ts';
import { translate, type Language } from '../../lib/i18n.ts';
import { PRODUCT_NAME } from '../../lib/mail-compose.ts';
import { createTestApp, uniqueEmail } from '../../testing/test-app.ts';
import { createUser, put, type TestUser } from '../../testing/test-kit.ts';
import { mailsTo } from '../auth/auth.test-support.ts';
import { createKey, partnerCall, partnerOrder, type PartnerKey } from './partner.test-support.ts';

/**
 * A partner API invitation e-mail is written in the invitee's language (docs/partner-api.md, "Invitees'
 * language"): the request's `language` for that party, else the saved language of an account with that
 * e-mail, else English. The key owner's own saved language (Pidgin here) never leaks into them.
 */
let app: App;
let shop: TestUser;
let key: PartnerKey;

beforeAll(async () => {
  app = await createTestApp();
  shop = await createUser(app, 'Shop');
  expect((await put(app, shop, '/api/auth/me', { language: 'pcm' })).statusCode).toBe(200);
  key = await createKey(app, shop);
});
afterAll(async () => {
  await app?.close();
});

type Invitation = { role: 'BUYER' | 'SELLER'; email: string; joinUrl: string };
type Created = {
  title: string;
  currency: string;
  price: number;
  total: number;
  commission: number;
  brokerName: string;
  invitations: Invitation[];
};

async function created(body: unknown): Promise<Created> {
  const res = await partnerCall(app, key, 'POST', '/transactions', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.transaction as Created;
}

/** The one invitation mail sent to this address. */
async function mailTo(email: string) {
  const mails = await mailsTo(app, email);
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

const HELLO = 'Hello {firstName},';
const SIGN_IN =
  'Sign in or create an account with this e-mail address ({email}) to join: the invitation works only for it.';

/** The mail's plain text as composeMail writes it: the paragraphs, the link, the signature. */
const textOf = (language: Language, paragraphs: string[], joinUrl: string) =>
  [...paragraphs, joinUrl, translate(language, 'The {product} team', { product: PRODUCT_NAME })].join('\n\n');

/** Subject and text of role SELLER's buyer invitation (transactions.partner.ts invitationMail). */
function sellerInvitation(language: Language, tx: Created, firstName: string) {
  const [invitation] = tx.invitations;
  const params = { name: shop.name, title: tx.title, amount: formatMoney(tx.total, tx.currency) };
  return {
    subject: translate(language, '{name} invited you to pay for "{title}" through escrow', params),
    text: textOf(
      language,
      [
        translate(language, HELLO, { firstName }),
        translate(
          language,
          '{name} created an escrow transaction for "{title}" ({amount}). Your payment is held safely until you confirm you received what you paid for.',
          params,
        ),
        translate(language, SIGN_IN, { email: invitation!.email }),
      ],
      invitation!.joinUrl,
    ),
  };
}

/** Subject and text of a role BROKER invitation (transactions.brokered.ts mailBrokeredInvitations). */
function brokeredInvitation(language: Language, tx: Created, role: 'BUYER' | 'SELLER', firstName: string) {
  const invitation = tx.invitations.find((i) => i.role === role)!;
  const money = (major: number) => formatMoney(major, tx.currency);
  const params = {
    named: 'yes',
    broker: tx.brokerName,
    title: tx.title,
    total: money(tx.total),
    price: money(tx.price),
    commission: money(tx.commission),
  };
  const arranged =
    role === 'BUYER'
      ? '{named, select, yes {{broker}} other {A partner}} arranged an escrow transaction for "{title}". You pay {total} into escrow; it is held safely until you confirm you received what you paid for.'
      : '{named, select, yes {{broker}} other {A partner}} arranged an escrow transaction for "{title}". You sell it for {price}; {named, select, yes {{broker}} other {A partner}} takes a commission of {commission} from what you receive, paid when the money is released.';
  return {
    subject: translate(
      language,
      '{named, select, yes {{broker}} other {A partner}} invited you to "{title}" as {role, select, BUYER {buyer} other {seller}} through escrow',
      { ...params, role },
    ),
    text: textOf(
      language,
      [
        translate(language, HELLO, { firstName }),
        translate(language, arranged, params),
        translate(language, SIGN_IN, { email: invitation.email }),
      ],
      invitation.joinUrl,
    ),
  };
}

describe('partner invitation e-mails in the invitee’s language', () => {
  it('role SELLER: buyer.language ha writes the buyer’s invitation in Hausa', async () => {
    const email = uniqueEmail('hausa');
    const tx = await created(partnerOrder(email, { buyer: { email, firstName: 'Musa', language: 'ha' } }));
    const mail = await mailTo(email);
    const hausa = sellerInvitation('ha', tx, 'Musa');
    expect(mail.subject).toBe(hausa.subject);
    expect(mail.text).toBe(hausa.text);
    expect(mail.html).toContain('<div lang="ha">');
    const english = sellerInvitation('en', tx, 'Musa');
    expect(hausa.subject).not.toBe(english.subject);
    expect(hausa.text).not.toBe(english.text);
  });

  it('accepts a language with region or in any case and writes in its code', async () => {
    for (const [tag, language] of [
      ['yo-NG', 'yo'],
      ['PCM_ng', 'pcm'],
      ['ig', 'ig'],
      ['en-GB', 'en'],
    ] as const) {
      const email = uniqueEmail('tag');
      const tx = await created(partnerOrder(email, { buyer: { email, firstName: 'Ada', language: tag } }));
      const mail = await mailTo(email);
      expect(mail.subject, tag).toBe(sellerInvitation(language, tx, 'Ada').subject);
      expect(mail.text, tag).toBe(sellerInvitation(language, tx, 'Ada').text);
    }
  });

  it('without a language, an account with the buyer’s e-mail is written to in its saved language', async () => {
    // The account's address is ASCII (createUser makes it from the name); the greeting is not.
    const bisi = await createUser(app, 'Bisi');
    expect((await put(app, bisi, '/api/auth/me', { language: 'yo' })).statusCode).toBe(200);
    // The partner may send the address in any case; the account is found all the same.
    const tx = await created(
      partnerOrder(bisi.email.toUpperCase(), {
        buyer: { email: bisi.email.toUpperCase(), firstName: 'Bísí' },
      }),
    );
    const mail = await mailTo(bisi.email);
    const yoruba = sellerInvitation('yo', tx, 'Bísí');
    expect(mail.subject).toBe(yoruba.subject);
    expect(mail.text).toBe(yoruba.text);
    expect(yoruba.subject).not.toBe(sellerInvitation('en', tx, 'Bísí').subject);
  });

  it('the request’s language wins over the account’s saved one', async () => {
    const chidi = await createUser(app, 'Chidi');
    expect((await put(app, chidi, '/api/auth/me', { language: 'yo' })).statusCode).toBe(200);
    const tx = await created(
      partnerOrder(chidi.email, { buyer: { email: chidi.email, firstName: 'Chidi', language: 'ig' } }),
    );
    expect((await mailTo(chidi.email)).subject).toBe(sellerInvitation('ig', tx, 'Chidi').subject);
  });

  it('without a language or an account, the invitation is English exactly as before', async () => {
    const email = uniqueEmail('nobody');
    const tx = await created(partnerOrder(email));
    const mail = await mailTo(email);
    const english = sellerInvitation('en', tx, 'Bola');
    expect(mail.subject).toBe(english.subject);
    expect(mail.subject).toBe(`${shop.name} invited you to pay for "${tx.title}" through escrow`);
    expect(mail.text).toBe(english.text);
    expect(mail.text.startsWith('Hello Bola,\n\n')).toBe(true);
    expect(mail.html).toContain('<div lang="en-NG">');
  });

  it('role BROKER: seller.language ig writes the seller’s mail in Igbo, the buyer’s stays English', async () => {
    const [sellerEmail, buyerEmail] = [uniqueEmail('ig-seller'), uniqueEmail('en-buyer')];
    const tx = await created(
      partnerOrder(buyerEmail, {
        role: 'BROKER',
        price: 10_001,
        commission: 1_000,
        seller: { email: sellerEmail, firstName: 'Ngozi', language: 'ig' },
        buyer: { email: buyerEmail, firstName: 'Bola' },
      }),
    );
    const sellerMail = await mailTo(sellerEmail);
    const igbo = brokeredInvitation('ig', tx, 'SELLER', 'Ngozi');
    expect(sellerMail.subject).toBe(igbo.subject);
    expect(sellerMail.text).toBe(igbo.text);
    expect(igbo.subject).not.toBe(brokeredInvitation('en', tx, 'SELLER', 'Ngozi').subject);
    const buyerMail = await mailTo(buyerEmail);
    const english = brokeredInvitation('en', tx, 'BUYER', 'Bola');
    expect(buyerMail.subject).toBe(english.subject);
    expect(buyerMail.subject).toBe(`${tx.brokerName} invited you to "${tx.title}" as buyer through escrow`);
    expect(buyerMail.text).toBe(english.text);
  });

  it('refuses a language that is not one of ours with 400 VALIDATION_ERROR naming the field; nothing is created', async () => {
    // The message names every code (it is LANGUAGES written out).
    for (const code of LANGUAGES) expect(PARTNER_TEXT.language).toContain(code);
    // A partner's answers follow Accept-Language, not the key owner's saved language: English here.
    const message = PARTNER_TEXT.language;
    const sellerEmail = uniqueEmail('bad-seller');
    const cases: [unknown, string, Record<string, unknown>][] = [
      ['xx', 'buyer.language', {}],
      [42, 'buyer.language', {}],
      ['', 'buyer.language', {}],
      [null, 'buyer.language', {}],
      [`yo-${'x'.repeat(297)}`, 'buyer.language', {}],
      ['x'.repeat(300), 'buyer.language', {}],
      [
        'xx',
        'seller.language',
        { role: 'BROKER', price: 10_001, seller: { email: sellerEmail, language: 'xx' } },
      ],
    ];
    for (const [language, field, extra] of cases) {
      const email = uniqueEmail('bad-lang');
      const order = partnerOrder(email, {
        buyer: field === 'buyer.language' ? { email, language } : { email },
        ...extra,
      });
      const res = await partnerCall(app, key, 'POST', '/transactions', order);
      const label = `${field} ${JSON.stringify(language)}`;
      expect(res.statusCode, `${label} ${res.body}`).toBe(400);
      const body = res.json();
      expect(body.code, label).toBe('VALIDATION_ERROR');
      expect(body.details, label).toContainEqual({ field, message });
      const found = await partnerCall(app, key, 'GET', `/transactions?reference=${order.reference}`);
      expect(found.json().data.transactions, label).toEqual([]);
    }
    const email = uniqueEmail('bad-lang');
    const hausa = await app.inject({
      method: 'POST',
      url: '/api/partner/v1/transactions',
      headers: { ...key.headers, 'accept-language': 'ha' },
      payload: partnerOrder(email, { buyer: { email, language: 'xx' } }),
    });
    expect(hausa.statusCode).toBe(400);
    expect(hausa.json().details).toContainEqual({
      field: 'buyer.language',
      message: translate('ha', PARTNER_TEXT.language),
    });
    expect(translate('ha', PARTNER_TEXT.language)).not.toBe(PARTNER_TEXT.language);
  });

  it('normalises a tag to its code in the schema', () => {
    expect(partnerInviteeLanguageSchema.parse('pcm_NG')).toBe('pcm');
    expect(partnerInviteeLanguageSchema.parse('Yo-ng')).toBe('yo');
    expect(partnerInviteeLanguageSchema.safeParse('xx-NG').success).toBe(false);
  });

  it('documents buyer.language and seller.language in the published OpenAPI description', async () => {
    type Field = { type?: string; description?: string };
    type Party = { properties: Record<string, Field>; required?: string[] };
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            description: string;
            requestBody: { content: Record<string, { schema: { properties: Record<string, Party> } }> };
          }
        >
      >;
    };
    const create = doc.paths['/api/partner/v1/transactions']!.post!;
    expect(create.description).toContain('else English');
    const body = create.requestBody.content['application/json']!.schema;
    for (const party of ['buyer', 'seller']) {
      const language = body.properties[party]!.properties.language!;
      expect(language.type, party).toBe('string');
      expect(language.description, party).toContain('en, pcm, yo, ha, ig');
      expect(language.description, party).toContain('else English');
      expect(body.properties[party]!.required ?? [], party).not.toContain('language');
    }
  });
});
