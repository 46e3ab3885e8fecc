import { AUTH_TEXT } from '@escrow/shared/schemas/auth';
import { AppError } from '../../lib/errors.ts';

export const emailTaken = () => new AppError('EMAIL_TAKEN', AUTH_TEXT.emailTaken);
export const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', AUTH_TEXT.invalidCredentials);
export const currentPasswordIncorrect = () =>
  new AppError('INVALID_CURRENT_PASSWORD', AUTH_TEXT.currentPasswordIncorrect, [
    { field: 'currentPassword', message: AUTH_TEXT.currentPasswordIncorrect },
  ]);
export const currentPasswordNeeded = () =>
  new AppError('VALIDATION_ERROR', AUTH_TEXT.currentPasswordNeededForEmail, [
    { field: 'currentPassword', message: AUTH_TEXT.currentPasswordNeededForEmail },
  ]);
export const invalidResetToken = () => new AppError('INVALID_RESET_TOKEN', AUTH_TEXT.invalidResetToken);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', message, undefined, { 'retry-after': String(retryAfterSeconds) });
export const invalidProfilePicture = () =>
  new AppError('VALIDATION_ERROR', AUTH_TEXT.invalidProfilePicture, [
    { field: 'profilePicture', message: AUTH_TEXT.invalidProfilePicture },
  ]);
