import { Transform } from 'node:stream';
import type { UploadMimeType } from '@escrow/shared/schemas/uploads';
import { ContentFacts } from './uploads.sniff.ts';

type Checks = {
  maxBytes: number;
  tooLarge: () => Error;
  accepted: readonly UploadMimeType[];
  notAccepted: () => Error;
};

/**
 * A pass-through stream that learns the content's facts as the bytes go by. It fails with `tooLarge()` as
 * soon as more than `maxBytes` have passed, and with `notAccepted()` as soon as the first bytes show a type
 * that is not accepted, so no upload is ever held whole in memory nor stored whole when refused.
 */
export function inspectingStream(filename: string, checks: Checks) {
  const facts = new ContentFacts(filename);
  let typeChecked = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (facts.size + chunk.length > checks.maxBytes) return done(checks.tooLarge());
      facts.update(chunk);
      if (!typeChecked) {
        const possible = facts.possibleTypes();
        if (possible) {
          typeChecked = true;
          if (!possible.some((type) => checks.accepted.includes(type))) return done(checks.notAccepted());
        }
      }
      done(null, chunk);
    },
  });
  return { stream, facts };
}
