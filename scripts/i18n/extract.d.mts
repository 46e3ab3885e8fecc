export const root: string;
export const MESSAGES_FILE: string;
export const CATALOGUES_DIR: string;
export const TRANSLATED_LANGUAGES: readonly string[];
export function collectMessages(): {
  messages: Record<string, string[]>;
  problems: string[];
  byId: Map<string, Set<string>>;
};
