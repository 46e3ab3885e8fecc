// Bad: beta.ping.ts and beta.pong.ts import each other (no-circular).
import { pong } from './beta.pong.ts';

export function ping(n: number): number {
  return n <= 0 ? 0 : pong(n - 1);
}
