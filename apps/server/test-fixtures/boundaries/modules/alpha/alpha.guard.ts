// Bad: a module reaching up into plugins/ (modules-dont-reach-up).
import { authenticate } from '../../plugins/auth.ts';

export function requireAlpha(token: string) {
  return authenticate(token);
}
