const MAX = 10;
const keyFor = (userId: string) => `amana:message-searches:${userId}`;

/** The user's last 10 message searches, kept on this device. */
export function recentSearches(userId: string): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(keyFor(userId)) ?? '[]') as unknown;
    return Array.isArray(stored)
      ? stored.filter((s): s is string => typeof s === 'string').slice(0, MAX)
      : [];
  } catch {
    return [];
  }
}

export function rememberSearch(userId: string, query: string): string[] {
  const next = [query, ...recentSearches(userId).filter((q) => q !== query)].slice(0, MAX);
  try {
    localStorage.setItem(keyFor(userId), JSON.stringify(next));
  } catch {
    // Storage full or blocked: the search still works, it is just not remembered.
  }
  return next;
}
