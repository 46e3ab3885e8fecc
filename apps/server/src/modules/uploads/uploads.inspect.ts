import { Transform } from 'node:stream';
import { ContentFacts } from './uploads.sniff.ts';

/**
 * A pass-through stream that learns the content's facts as the bytes go by and fails with `tooLarge()`
 * as soon as more than `maxBytes` have passed, so no upload is ever held whole in memory.
 */
export function inspectingStream(filename: string, maxBytes: number, tooLarge: () => Error) {
  const facts = new ContentFacts(filename);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (facts.size + chunk.length > maxBytes) return done(tooLarge());
      facts.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, facts };
}
