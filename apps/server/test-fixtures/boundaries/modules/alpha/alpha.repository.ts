export function findAlpha(id: string) {
  return { id, kind: 'alpha' as const };
}
