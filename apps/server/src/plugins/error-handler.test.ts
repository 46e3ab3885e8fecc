import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { toFailure } from './error-handler.ts';

/** Where an error lands: its status and envelope code. */
describe('toFailure', () => {
  const databaseError = (code: string) => Object.assign(new Error('db said no'), { code });
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

  it.each([
    ['an AppError keeps its own status', new AppError('CONFLICT', 'Taken'), 409, 'CONFLICT'],
    ['a data exception from the database is the request’s fault', databaseError('22021'), 400, 'BAD_REQUEST'],
    ['a numeric overflow as well', databaseError('22003'), 400, 'BAD_REQUEST'],
    ['also when Drizzle wrapped it', wrapped(databaseError('22P02')), 400, 'BAD_REQUEST'],
    ['a broken constraint is still a server fault', databaseError('23505'), 500, 'INTERNAL_ERROR'],
    ['a lost connection is a 503 (the database is away)', databaseError('08006'), 503, 'SERVICE_UNAVAILABLE'],
    ['a database shutting down is a 503', databaseError('57P01'), 503, 'SERVICE_UNAVAILABLE'],
    ['an ordinary crash is a 500', new TypeError('x is undefined'), 500, 'INTERNAL_ERROR'],
    [
      'a reset socket is a 503, not read as a SQLSTATE',
      Object.assign(new Error('x'), { code: 'ECONNRESET' }),
      503,
      'SERVICE_UNAVAILABLE',
    ],
  ])('%s', (_label, error, status, code) => {
    const failure = toFailure(error);
    expect(failure.status).toBe(status);
    expect(failure.body).toMatchObject({ success: false, code });
  });

  it('never shows internals in a 500', () => {
    expect(toFailure(new Error('password=hunter2 at db.ts:12')).body.error).toBe('Internal server error');
  });
});
