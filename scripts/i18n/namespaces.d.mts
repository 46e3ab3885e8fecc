export function namespaceOf(file: string): string;
export const GROUPS: readonly ['public', 'app', 'legal', 'server'];
export function groupOf(namespace: string): 'public' | 'app' | 'legal' | 'server';
