// Good: another module through its door.
import { findAlpha } from '../alpha/index.ts';
// Bad: another module's internal file (one-door-per-module).
import { findAlpha as findAlphaDirectly } from '../alpha/alpha.repository.ts';

export function describeBeta(id: string) {
  return [findAlpha(id).kind, findAlphaDirectly(id).id].join(':');
}
