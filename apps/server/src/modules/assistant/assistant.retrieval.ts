import { APP_KNOWLEDGE } from './assistant.knowledge-app.ts';
import { MONEY_KNOWLEDGE } from './assistant.knowledge-money.ts';
import { TRADING_KNOWLEDGE } from './assistant.knowledge-trading.ts';
import type { KnowledgeEntry } from './assistant.knowledge-types.ts';

/** The whole knowledge base; `assistant.matching.ts` decides which answer a question gets. */
export const KNOWLEDGE: readonly KnowledgeEntry[] = [
  ...MONEY_KNOWLEDGE,
  ...TRADING_KNOWLEDGE,
  ...APP_KNOWLEDGE,
];
