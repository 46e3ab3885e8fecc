import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

describe('query retry policy', () => {
  it.each([
    ['a network failure', new ApiError('Network error', 0), true],
    ['a server error', new ApiError('HTTP 502', 502), true],
    ['a timeout', new ApiError('Request timeout', 408), true],
    ['rate limiting', new ApiError('Too many requests', 429), true],
    ['a thrown non-API error', new Error('boom'), true],
    ['not found', new ApiError('Transaction not found', 404), false],
    ['forbidden', new ApiError('Forbidden', 403), false],
    ['a validation refusal', new ApiError('Bad request', 400), false],
    ['a conflict', new ApiError('Conflict', 409), false],
  ])('after the first failure, %s is retried: %s', (_label, error, retried) => {
    expect(shouldRetry(0, error)).toBe(retried);
  });

  it('retries once at most', () => {
    expect(shouldRetry(1, new ApiError('HTTP 502', 502))).toBe(false);
  });
});
