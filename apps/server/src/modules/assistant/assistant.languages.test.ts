import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@escrow/shared/i18n/languages';
import type { Translate } from '@escrow/shared/i18n/translator';
import { OFFLINE_SUGGESTIONS, WELCOME_SUGGESTIONS } from '@escrow/shared/schemas/assistant';
import type { App } from '../../app.ts';
import { translate as serverTranslate } from '../../lib/i18n.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, type TestUser } from '../../testing/test-kit.ts';
import { TOPIC_ACTIONS } from './assistant.actions.ts';
import { EVALUATION_SET } from './assistant.evaluation-set.ts';
import { HELD_OUT_ASKER, HELD_OUT_SET } from './assistant.held-out-set.ts';
import { INTENT_PHRASINGS, OUT_OF_SCOPE } from './assistant.intents.ts';
import { detectLanguage } from './assistant.languages.ts';
import { KNOWLEDGE } from './assistant.retrieval.ts';
import { NOT_SURE } from './assistant.service.ts';
import {
  fixtureAccount,
  fixtureAssistant,
  SUPPORT_EMAIL,
  workingCatalogues,
  workingTranslator,
} from './assistant.test-support.ts';

/**
 * The assistant in Pidgin, Yoruba, Hausa and Igbo: a question in one of them is recognised, finds the
 * answer and the action an English question finds, and is answered in its own language; an English
 * question is answered in English whatever the user's language, and a question in no recognisable language
 * in the user's language.
 */

const catalogues = workingCatalogues();
const base = workingTranslator(catalogues);
/** Every message the assistant wrote for the last question, with the language it was written in. */
let written: { language: Language; id: string }[] = [];
const translate: Translate = (language, id, params) => {
  written.push({ language, id });
  return base(language, id, params);
};
const assistant = fixtureAssistant(fixtureAccount(), translate);

async function ask(question: string, userLanguage: Language = 'en') {
  written = [];
  const answer = await assistant(question, userLanguage);
  return { answer, written: [...written] };
}

/** Every message of the answer is written in `language`, each from a translation of its own. */
function expectWrittenIn(language: Language, messages: typeof written) {
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) {
    expect(message.language, message.id).toBe(language);
    if (language !== 'en')
      expect(catalogues[language]![message.id], `${language}: "${message.id}"`).toBeTruthy();
  }
}

const WALLET = TOPIC_ACTIONS.wallet.value;
const CALCULATOR = TOPIC_ACTIONS.calculator.value;
const DISPUTES = TOPIC_ACTIONS.disputes.value;
const VERIFICATION = TOPIC_ACTIONS.verification.value;
const CREATE = TOPIC_ACTIONS.create.value;
const JOIN = TOPIC_ACTIONS.join.value;
const MESSAGES = TOPIC_ACTIONS.messages.value;
const NOTIFICATIONS = TOPIC_ACTIONS.notifications.value;
const PROFILE = TOPIC_ACTIONS.profile.value;
const VENDORS = TOPIC_ACTIONS.vendors.value;
const TRANSACTIONS = TOPIC_ACTIONS.transactions.value;
/** The asker's Samsung phone, bought from Emeka Obi (held in escrow). */
const SAMSUNG = `/app/transactions/${HELD_OUT_ASKER.transactions[1]!.id}`;
const ENGLISH_LABELS = [...Object.values(TOPIC_ACTIONS).map((action) => action.label), 'View transaction'];
/** No button: a greeting, thanks, or the support address. */
const NONE = 'no action';

type Case = [question: string, destination: string];

const QUESTIONS: Record<Exclude<Language, 'en'>, Case[]> = {
  pcm: [
    ['How I go comot money from my wallet?', WALLET],
    ['I wan put money for my wallet', WALLET],
    ['How much remain for my wallet?', WALLET],
    ['Why my money dey hold?', WALLET],
    ['Wetin be una charge for each deal?', CALCULATOR],
    ['Seller no send my goods, how I go report am?', DISPUTES],
    ['How I go get my money back?', DISPUTES],
    ['How I go verify my NIN?', VERIFICATION],
    ['How I go open new transaction?', CREATE],
    ['Dem send me invite link, how I go join?', JOIN],
    ['How I go chat with the buyer?', MESSAGES],
    ['I no dey see notification again', NOTIFICATIONS],
    ['I don forget my password, wetin I go do?', PROFILE],
    ['Where I go see vendors wey dem trust?', VENDORS],
    ['When seller go collect the money?', TRANSACTIONS],
  ],
  yo: [
    ['Báwo ni mo ṣe lè gba owó jáde sí àkáǹtì báǹkì mi?', WALLET],
    ['Báwo ni mo ṣe lè fi owó sí àpò owó mi?', WALLET],
    ['Èló ló kù nínú àpò owó mi?', WALLET],
    ['Èló ni mo lè gbà jáde lójoojúmọ́?', WALLET],
    ['Kí ló dé tí owó mi fi wà ní ìdádúró?', WALLET],
    ['Èló ni owó iṣẹ́ yín?', CALCULATOR],
    ['Ta ló ń san owó iṣẹ́ escrow, olùrà àbí olùtà?', CALCULATOR],
    ['Báwo ni mo ṣe lè gbé ẹjọ́ wá?', DISPUTES],
    ['Olùtà kò fi ọjà mi ránṣẹ́', DISPUTES],
    ['Báwo ni mo ṣe lè gba owó mi padà?', DISPUTES],
    ['Báwo ni mo ṣe lè jẹ́rìísí ìdánimọ̀ mi pẹ̀lú NIN?', VERIFICATION],
    ['Kí ló dé tí ẹ fi ń béèrè BVN mi?', VERIFICATION],
    ['Báwo ni mo ṣe lè ṣẹ̀dá ìdúnàádúrà tuntun?', CREATE],
    ['Báwo ni mo ṣe lè yẹra fún jìbìtì?', CREATE],
    ['Wọ́n fi ìjápọ̀ ìpè ránṣẹ́ sí mi, báwo ni mo ṣe lè darapọ̀?', JOIN],
    ['Báwo ni mo ṣe lè bá olùtà sọ̀rọ̀?', MESSAGES],
    ['Mi ò rí ìfitónilétí kankan gbà', NOTIFICATIONS],
    ['Mo gbàgbé ọ̀rọ̀ aṣínà mi', PROFILE],
    ['Báwo ni mo ṣe lè yí orúkọ mi padà?', PROFILE],
    ['Níbo ni mo ti lè rí àwọn olùtà tí a fọkàn tán?', VENDORS],
    ['Báwo ni ìfijíṣẹ́ ṣe ń ṣiṣẹ́?', TRANSACTIONS],
    ['Ìgbà wo ni olùtà máa gba owó rẹ̀?', TRANSACTIONS],
    ['Báwo ni mo ṣe lè fagilé ìdúnàádúrà?', TRANSACTIONS],
    ['Níbo ni ìdúnàádúrà mi pẹ̀lú Emeka wà?', SAMSUNG],
    ['Báwo ni mo ṣe lè kàn sí ẹgbẹ́ ìrànlọ́wọ́?', NONE],
    ['bawo ni mo se le gba owo jade', WALLET],
  ],
  ha: [
    ['Yaya zan cire kuɗi daga walat zuwa asusun banki na?', WALLET],
    ['Yaya zan saka kuɗi a walat ɗina?', WALLET],
    ['Nawa ne ragowar kuɗina?', WALLET],
    ['Nawa zan iya cirewa a rana?', WALLET],
    ['Me yasa aka riƙe kuɗina?', WALLET],
    ['Nawa ne kuɗin sabis ɗinku?', CALCULATOR],
    ['Wa ke biyan kuɗin sabis, mai saye ko mai sayarwa?', CALCULATOR],
    ['Yaya zan shigar da ƙorafi?', DISPUTES],
    ['Ban karɓi kayana ba', DISPUTES],
    ['Ina so a mayar min da kuɗina', DISPUTES],
    ['Yaya zan tantance shaidata da NIN?', VERIFICATION],
    ['Me yasa kuke neman BVN ɗina?', VERIFICATION],
    ['Yaya zan ƙirƙiri sabon ciniki?', CREATE],
    ['Mai sayarwa ya ce in biya kai tsaye zuwa asusunsa', CREATE],
    ['An aiko min da hanyar gayyata, yaya zan shiga ciniki?', JOIN],
    ['Yaya zan yi magana da mai sayarwa?', MESSAGES],
    ['Ba na samun sanarwa', NOTIFICATIONS],
    ['Na manta kalmar sirri ta', PROFILE],
    ['Yaya zan canza sunana?', PROFILE],
    ['Ina zan sami amintattun masu sayarwa?', VENDORS],
    ['Yaya isarwa ke aiki?', TRANSACTIONS],
    ['Yaushe mai sayarwa zai sami kuɗinsa?', TRANSACTIONS],
    ['Yaya zan soke ciniki?', TRANSACTIONS],
    ['Ina cinikina tare da Emeka?', SAMSUNG],
    ['Yaya zan tuntuɓi ma’aikatan taimako?', NONE],
    ['yaya zan cire kudi', WALLET],
  ],
  ig: [
    ['Kedu ka m ga-esi wepụ ego n’akaụntụ ụlọ akụ m?', WALLET],
    ['Kedu ka m ga-esi tinye ego n’akpa ego m?', WALLET],
    ['Ego ole fọdụrụ n’akpa ego m?', WALLET],
    ['Ego ole ka m nwere ike iwepụ kwa ụbọchị?', WALLET],
    ['Gịnị mere e ji jide ego m?', WALLET],
    ['Ole ka ụgwọ ọrụ unu dị?', CALCULATOR],
    ['Onye na-akwụ ụgwọ ọrụ escrow, onye na-azụ ka ọ bụ onye na-ere?', CALCULATOR],
    ['Kedu ka m ga-esi mee mkpesa?', DISPUTES],
    ['Enwetaghị m ngwa ahịa m', DISPUTES],
    ['Kedu ka m ga-esi nweta nkwụghachi ego?', DISPUTES],
    ['Kedu ka m ga-esi kwado njirimara m na NIN?', VERIFICATION],
    ['Gịnị mere unu ji achọ BVN m?', VERIFICATION],
    ['Kedu ka m ga-esi mepụta azụmahịa ọhụrụ?', CREATE],
    ['Kedu ka m ga-esi zere ndị aghụghọ?', CREATE],
    ['Ezitere m njikọ ọkpụkpọ, kedu ka m ga-esi sonye n’azụmahịa?', JOIN],
    ['Kedu ka m ga-esi zitere onye na-ere ozi?', MESSAGES],
    ['Anaghị m enweta ọkwa', NOTIFICATIONS],
    ['Echefuru m okwuntughe m', PROFILE],
    ['Kedu ka m ga-esi gbanwee aha m?', PROFILE],
    ['Ebee ka m ga-ahụ ndị na-ere a pụrụ ịtụkwasị obi?', VENDORS],
    ['Kedu ka nnyefe si arụ ọrụ?', TRANSACTIONS],
    ['Mgbe ole ka onye na-ere ga-enweta ego ya?', TRANSACTIONS],
    ['Kedu ka m ga-esi kagbuo azụmahịa?', TRANSACTIONS],
    ['Ebee ka azụmahịa m na Emeka dị?', SAMSUNG],
    ['Kedu ka m ga-esi kpọtụrụ ndị enyemaka?', NONE],
    ['kedu ka m ga esi wepu ego', WALLET],
  ],
};

const LANGUAGE_CASES = Object.entries(QUESTIONS).flatMap(([language, cases]) =>
  cases.map(([question, destination]) => ({ language: language as Language, question, destination })),
);

describe('a question in Pidgin, Yoruba, Hausa or Igbo', () => {
  it.each(LANGUAGE_CASES)(
    '$language: "$question" → $destination, in $language',
    async ({ language, question, destination }) => {
      expect(detectLanguage(question)).toBe(language);
      const { answer, written: messages } = await ask(question);
      expect(answer.action?.value ?? NONE).toBe(destination);
      expect(messages.map((message) => message.id)).not.toContain(NOT_SURE);
      expectWrittenIn(language, messages);
      if (answer.action) expect(ENGLISH_LABELS).not.toContain(answer.action.label);
    },
  );

  it('quotes the same figures as in English: the balance, a named trade, a fee for an amount', async () => {
    const balance = await ask('Èló ló kù nínú àpò owó mi?');
    expect(balance.answer.response).toContain('₦48,700.00');
    expect(balance.answer.response).toContain('₦48,650.00');
    expect(balance.answer.response).toContain('₦28,700.00');
    expectWrittenIn('yo', balance.written);

    const trade = await ask('Ina kuɗina na wayar Samsung?');
    expect(trade.answer.action?.value).toBe(SAMSUNG);
    expect(trade.answer.response).toContain('Samsung Galaxy A54, 256GB');
    expect(trade.answer.response).toContain('Emeka Obi');
    expectWrittenIn('ha', trade.written);

    const fee = await ask('Ole ka ụgwọ ọrụ maka ngwa ₦200,000?');
    expect(fee.answer.action?.value).toBe(CALCULATOR);
    expect(fee.answer.response).toContain('₦5,000.00'); // 2.5% of ₦200,000
    expect(fee.answer.response).toContain('₦205,000.00');
    expectWrittenIn('ig', fee.written);
  });

  it.each([
    ['yo', 'Ta ni ààrẹ Nàìjíríà?'],
    ['yo', 'Báwo ni mo ṣe lè se ìrẹsì jollof?'],
    ['ha', 'Za a yi ruwan sama gobe?'],
    ['ha', 'Yaya zan dafa shinkafa jollof?'],
    ['ig', 'Mmiri ga-ezo echi?'],
    ['ig', 'Kedu ka m ga-esi sie osikapa jollof?'],
    ['pcm', 'Abeg wetin be the price of dollar today?'],
  ] as const)('%s: "%s" is not understood, and says so in that language', async (language, question) => {
    const { answer, written: messages } = await ask(question);
    expect(answer.action).toBeUndefined();
    expect(messages[0]!.id).toBe(NOT_SURE);
    expect(answer.response).toContain(SUPPORT_EMAIL);
    expectWrittenIn(language, messages);
  });
});

/** Every question the assistant offers as a button, as the app shows it in each language. */
const SUGGESTED = [
  ...new Set([
    ...KNOWLEDGE.flatMap((entry) => entry.suggestions),
    ...WELCOME_SUGGESTIONS,
    'Why is my money on hold?',
    'Where is my order with the seller?',
  ]),
];
const SUGGESTION_CASES = SUGGESTED.flatMap((id) =>
  (['pcm', 'yo', 'ha', 'ig'] as const).map((language) => ({ language, id })),
);

describe('a suggested question, pressed in the language it is shown in', () => {
  it.each(SUGGESTION_CASES)('$language: "$id"', async ({ language, id }) => {
    const english = (await ask(id)).answer;
    const shown = base(language, id);
    expect(shown).not.toBe(id);
    const { answer, written: messages } = await ask(shown, language);
    expect(detectLanguage(shown)).toBe(language);
    expect(answer.action?.value ?? NONE).toBe(english.action?.value ?? NONE);
    expectWrittenIn(language, messages);
  });
});

describe('the language of the answer', () => {
  it('answers an English question in English, whatever the user’s language', async () => {
    for (const userLanguage of ['yo', 'ha', 'ig', 'pcm'] as const) {
      const { answer, written: messages } = await ask(
        'How do I withdraw my money to my bank account?',
        userLanguage,
      );
      expect(answer.action).toEqual({ type: 'NAVIGATE', value: WALLET, label: 'Go to wallet' });
      expect(answer.response).toContain('Open your wallet and choose Withdraw Funds');
      expectWrittenIn('en', messages);
    }
  });

  it('answers a question in no recognisable language in the user’s language', async () => {
    const fee = await ask('withdrawal fee', 'yo');
    expect(detectLanguage('withdrawal fee')).toBeNull();
    expect(fee.answer.action?.value).toBe(WALLET);
    expectWrittenIn('yo', fee.written);

    const amount = await ask('₦50,000', 'ha');
    expect(amount.answer.action).toBeUndefined();
    expect(amount.written[0]!.id).toBe(NOT_SURE);
    expectWrittenIn('ha', amount.written);

    expectWrittenIn('en', (await ask('withdrawal fee', 'en')).written);
  });

  it('answers a pressed English suggestion (the welcome’s) in the user’s language', async () => {
    for (const question of [...WELCOME_SUGGESTIONS, ...OFFLINE_SUGGESTIONS.slice(1)]) {
      const { written: messages } = await ask(question, 'ig');
      expectWrittenIn('ig', messages);
    }
  });

  it('answers a Yoruba question in Yoruba for a Hausa user, and the other way round', async () => {
    expectWrittenIn('yo', (await ask('Báwo ni mo ṣe lè gba owó jáde?', 'ha')).written);
    expectWrittenIn('ha', (await ask('Yaya zan cire kuɗi?', 'yo')).written);
  });
});

describe('English and Pidgin questions stay English and Pidgin', () => {
  const english = [
    ...EVALUATION_SET.map((item) => item.question),
    ...HELD_OUT_SET.map((item) => item.question),
    ...Object.values(INTENT_PHRASINGS).flat(),
    ...OUT_OF_SCOPE,
    ...KNOWLEDGE.flatMap((entry) => entry.questions),
  ];

  it('takes none of the evaluation, held-out or intent-table questions for Yoruba, Hausa or Igbo', () => {
    const misread = english.filter((question) => ['yo', 'ha', 'ig'].includes(detectLanguage(question) ?? ''));
    // "e se" (the intent table's thanks) is Yoruba: "Ẹ ṣé".
    expect(misread).toEqual(['e se']);
  });

  it.each([
    "I'm not getting alerts",
    "I'm a seller",
    'Obi sent me a link',
    'Emeka Obi never sent my goods',
    'my order with Ngozi Eze',
    'ya, I want to withdraw',
  ])('"%s" is not taken for Yoruba, Hausa or Igbo', (question) => {
    expect(['yo', 'ha', 'ig']).not.toContain(detectLanguage(question));
  });
});

describe('POST /api/chatbot/ask in the user’s language', () => {
  let app: App;
  let user: TestUser;
  const post = (message: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/chatbot/ask',
      headers: { ...user.headers, ...headers },
      payload: { message },
    });

  beforeAll(async () => {
    app = await createTestApp();
    user = await createUser(app, 'Bisi');
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers English in English and Yoruba in Yoruba for an Accept-Language: yo user', async () => {
    // Not one of the suggestions: those are buttons, answered in the user's language.
    const english = (
      await post('How do I withdraw my money to my bank?', { 'accept-language': 'yo-NG' })
    ).json().data;
    expect(english.response).toContain('₦50');
    expect(english.action).toEqual({ type: 'NAVIGATE', value: WALLET, label: 'Go to wallet' });

    const yoruba = (await post('Báwo ni mo ṣe lè gba owó jáde?', { 'accept-language': 'yo-NG' })).json().data;
    expect(yoruba.action.value).toBe(WALLET);
    expect(yoruba.action.label).toBe(serverTranslate('yo', TOPIC_ACTIONS.wallet.label));

    const unknown = (await post('₦50,000', { 'accept-language': 'yo-NG' })).json().data;
    expect(unknown.response).toBe(
      serverTranslate('yo', NOT_SURE, { supportEmail: app.deps.config.SUPPORT_EMAIL }),
    );
  });

  it('follows the saved language over Accept-Language for a question in no recognisable language', async () => {
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: user.headers,
      payload: { language: 'ha' },
    });
    expect(saved.statusCode).toBe(200);
    const unknown = (await post('₦50,000', { 'accept-language': 'yo' })).json().data;
    expect(unknown.response).toBe(
      serverTranslate('ha', NOT_SURE, { supportEmail: app.deps.config.SUPPORT_EMAIL }),
    );
    const english = (await post('How much do you charge for escrow?')).json().data;
    expect(english.response).toContain('2.5%');
    expect(english.action.label).toBe('Open fee calculator');
  });
});
