import { TWO_FACTOR_TEXT } from '@escrow/shared/schemas/two-factor';
import { AppError } from '../../lib/errors.ts';

export const wrongCode = (details?: { attemptsLeft: number }) =>
  new AppError('INVALID_TWO_FACTOR_CODE', TWO_FACTOR_TEXT.codeWrong, details);
export const codeRequired = () => new AppError('TWO_FACTOR_CODE_REQUIRED', TWO_FACTOR_TEXT.codeRequired);
export const challengeExpired = () =>
  new AppError('TWO_FACTOR_CHALLENGE_EXPIRED', TWO_FACTOR_TEXT.challengeExpired);
export const alreadyEnabled = () => new AppError('CONFLICT', TWO_FACTOR_TEXT.alreadyEnabled);
export const notSetUp = () => new AppError('CONFLICT', TWO_FACTOR_TEXT.notSetUp);
export const notEnabled = () => new AppError('CONFLICT', TWO_FACTOR_TEXT.notEnabled);
export const tooManyFailures = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', TWO_FACTOR_TEXT.tooManyFailures, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
