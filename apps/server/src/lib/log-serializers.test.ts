import { describe, expect, it } from 'vitest';
import { serializeError } from './log-serializers.ts';

describe('serializeError', () => {
  it('keeps the query but not its parameters, in the message and in the stack', () => {
    const error = new Error(
      'Failed query: update users set password_hash = $1 where email = $2\nparams: $argon2id$v=19$secret,ada@example.com',
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('Failed query: update users set password_hash = $1');
    expect(logged).toContain('params: [redacted]');
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('ada@example.com');
    expect(logged).toContain('log-serializers.test.ts');
  });

  it("drops node-postgres's client and detail, keeps codes, constraint and the cause", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'users_email_unique',
      detail: 'Key (email)=(ada@example.com) already exists.',
      client: { connectionParameters: { host: 'db', user: 'app' } },
    });
    const wrapper = Object.assign(new Error('Failed query: insert into users ...\nparams: ada@example.com'), {
      cause,
    });
    const logged = serializeError(wrapper) as unknown as { cause: Record<string, unknown> };
    expect(logged.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
    expect(logged.cause).not.toHaveProperty('client');
    expect(JSON.stringify(logged)).not.toContain('ada@example.com');
  });

  it('keeps a cause that is not an error as it is', () => {
    expect(serializeError(new Error('outer', { cause: 'timeout' }))).toMatchObject({ cause: 'timeout' });
  });
});
