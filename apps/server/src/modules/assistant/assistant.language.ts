/**
 * How questions are read: Nigerian English and Pidgin phrasings rewritten to the words the knowledge base
 * uses, then words stemmed, so 'how I go take collect my money' and 'How do I withdraw funds?' meet.
 */

/** Whole phrases first (longest meaning wins), applied to lower-case text without punctuation. */
const PHRASES: [RegExp, string][] = [
  // Fees.
  [
    /\bhow much (e|it|una|you|una dey|you dey|do you|does it|go|e go)( \w+){0,2} (cost|charge|take|collect|remove|cut|deduct)\b/g,
    'fee charge',
  ],
  [/\b(service charge|commission|percentage|your cut|una cut|deduct|deduction)\b/g, 'fee'],
  // Receiving an item (before 'collect my money' below reads as withdrawing).
  [/\b(i|have|has|don|just) (received|receive|collected|got|gotten) (my|the|am|it)\b/g, 'confirm receipt'],
  // Withdrawing.
  [
    /\b(take|collect|comot|remove|bring|pull|carry)( \w+){0,2} (my |the )?(money|cash|fund|funds|balance)( out)?\b/g,
    'withdraw',
  ],
  [/\b(cash|pull) ?out\b/g, 'withdraw'],
  [
    /\b(send|move|transfer|put)( \w+){0,2} (money|cash|funds?)?\s*(to|into|enter) (my |the )?(bank|account|acct|gtb|opay|palmpay|kuda)\b/g,
    'withdraw bank',
  ],
  [/\bcollect(ing)?\b/g, 'withdraw'],
  // Depositing.
  [/\b(top ?up|load|credit|fund|recharge)( my| the)? (wallet|account)\b/g, 'deposit wallet'],
  [
    /\b(put|add|drop|send)( \w+){0,2} (money|cash|funds?) (in|inside|into|for|enter) (my |the )?(wallet|account)\b/g,
    'deposit wallet',
  ],
  [/\btop ?up\b/g, 'deposit'],
  // Disputes and complaints.
  [
    /\b(never|no|not|didnt|didn t|did not|don t|dont|neva) (reach|arrive|arrived|come|deliver|delivered|receive|received|get|gotten|see)\b/g,
    'never arrived missing dispute',
  ],
  [/\b(scam|scammed|dupe|duped|cheat|cheated|chop|chopped) (me|my money)\b/g, 'dispute complaint'],
  [
    /\b(not|no be) (what|wetin) (we|i|you) (agreed|agree|ordered|order|paid for|saw|see|discussed)\b/g,
    'not described dispute',
  ],
  [
    /\b(refuse|refused|refuses|refusing|fail|failed|wont|won t|no gree)( \w+){0,2} (send|ship|deliver|give|release|refund)\b/g,
    'dispute complaint never arrived',
  ],
  [
    /\b(stop|end|kill|call off|terminate|reverse)( \w+){0,2} (transaction|deal|trade|order)\b/g,
    'cancel transaction',
  ],
  [/\b(scammed|duped|dupe|cheated|chop my money|ripped off|swindled|yahoo|419)\b/g, 'dispute complaint'],
  [
    /\b(not|no be) (what|wetin) (we|i|you) (agreed|agree|ordered|order|paid for|saw|see|discussed)\b/g,
    'not described dispute',
  ],
  [/\b(wahala|palava|quarrel|fight|complain|complaint|disagree|disagreement)\b/g, 'dispute'],
  [
    /\b(problem|issue|trouble) with (the |my |this )?(seller|buyer|vendor|order|item|goods|product|transaction|trade|deal)\b/g,
    'dispute',
  ],
  [
    /\b(fake|substandard|spoilt|spoiled|damaged|broken|counterfeit|not original|no be wetin|no be the one)\b/g,
    'not described dispute',
  ],
  [/\b(wrong|different|bad) (item|thing|product|goods|one|size|colour|color)\b/g, 'not described dispute'],
  // Verification.
  [/\bconfirm who (i|you|we|dem|e) be\b/g, 'verify identity'],
  [/\b(kyc|national id|id card|identity card|nimc)\b/g, 'verification nin'],
  [
    /\b(upgrade|increase|raise|boost|lift|remove)( \w+){0,2} (limit|limits|level|tier|account)\b/g,
    'raise limits verification',
  ],
  // Starting, joining.
  [
    /\b(open|start|begin|set up|setup|make|do|new)( \w+){0,2} (deal|trade|escrow|transaction|order)\b/g,
    'create transaction',
  ],
  [/\b(link|code) (wey|that|which)( \w+){0,3} (send|sent|give|gave)\b/g, 'invitation link'],
  [/\b(enter|use|put) (the |my |this )?(code|link)\b/g, 'join invitation code'],
  // Messages, alerts, vendors.
  [
    /\b(talk|yarn|text|reach|chat|message|gist|communicate)( \w+){0,2} (to|with|the) (seller|buyer|vendor|customer|person|other party|other person)\b/g,
    'chat message',
  ],
  [/\b(alert|alerts|notify|notified|notification|notifications|email updates|sms)\b/g, 'notification'],
  [/\b(shop|shops|store|stores|sellers|merchants|businesses|vendor list|directory)\b/g, 'vendor'],
];

/** Single words: Pidgin and everyday synonyms to the knowledge base's vocabulary. */
const WORDS: Record<string, string> = {
  wetin: 'what',
  una: 'you',
  abeg: '',
  biko: '',
  pls: '',
  plz: '',
  please: '',
  sef: '',
  jare: '',
  oga: '',
  madam: '',
  bros: '',
  dey: '',
  don: '',
  wan: 'want',
  fit: 'can',
  wey: 'that',
  naim: '',
  dis: 'this',
  dat: 'that',
  tins: 'things',
  cashout: 'withdraw',
  withdrawal: 'withdraw',
  withdrawals: 'withdraw',
  payout: 'withdraw',
  charges: 'fee',
  charge: 'fee',
  cost: 'fee',
  fees: 'fee',
  naira: 'money',
  funds: 'money',
  fund: 'money',
  cash: 'money',
  deal: 'transaction',
  trade: 'transaction',
  order: 'transaction',
  goods: 'item',
  product: 'item',
  parcel: 'item',
  package: 'item',
  waybill: 'shipping',
  dispatch: 'shipping',
  delivery: 'shipping',
  deliver: 'shipping',
  logistics: 'shipping',
  kyc: 'verification',
  verify: 'verification',
  verified: 'verification',
  refund: 'refund',
  password: 'password',
  passcode: 'password',
  pin: 'password',
  inbox: 'message',
  dm: 'message',
  vendor: 'vendor',
  cancelled: 'cancel',
  canceled: 'cancel',
  cancellation: 'cancel',
  escrow: 'escrow',
};

/** Words too common to tell questions apart. */
const STOP_WORDS = new Set(
  (
    'a an the i me my mine we us our you your it its is are was were be been am do does did doing to of in on at ' +
    'for from by with and or but so if then than that this these those there here what which who whom how ' +
    'can could would should will shall may might must have has had get got go going o oh ooo ehn na ' +
    'abi as into out up about any some all just also now still not no yes make want need know tell like am pm'
  ).split(' '),
);

/** Lower case, no punctuation, phrases and words rewritten. */
export function normalizeQuestion(text: string): string {
  let line = ` ${text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, ' ')
    .replace(/[^a-z0-9₦ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
  for (const [pattern, replacement] of PHRASES) line = line.replace(pattern, ` ${replacement} `);
  return line
    .split(' ')
    .filter(Boolean)
    .map((word) => (Object.hasOwn(WORDS, word) ? WORDS[word]! : word))
    .filter(Boolean)
    .join(' ');
}

/** A light English stemmer: enough for plurals and verb endings (withdrawing, disputes, verified). */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ing') && word.length > 5) return trimDouble(word.slice(0, -3));
  if (word.endsWith('ed') && word.length > 4) return trimDouble(word.slice(0, -2));
  if (word.endsWith('es') && /(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

const trimDouble = (word: string) => (/([^aeiouls])\1$/.test(word) ? word.slice(0, -1) : word);

/** A search term for MiniSearch, or null for a stop word. */
export function searchTerm(term: string): string | null {
  const word = term.toLowerCase();
  const mapped = Object.hasOwn(WORDS, word) ? WORDS[word]! : word;
  if (!mapped || STOP_WORDS.has(mapped)) return null;
  return stem(mapped);
}
