/** Texts of two-factor sign-in (issue 30); zod-free so screens can import them alone. */
export const TWO_FACTOR_TEXT = {
  codeInvalid: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  codeWrong: 'That code is not right. Try the newest code in your authenticator app.',
  codeRequired: 'Enter a code from your authenticator app to confirm this.',
  challengeExpired: 'This sign-in has expired. Sign in again.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notSetUp: 'Start the setup first.',
  notEnabled: 'Two-factor sign-in is not on.',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor sign-in is off.',
  required: 'Staff must turn on two-factor sign-in and use it to sign in before doing this.',
  resetByStaff: 'Two-factor sign-in was reset. The user can sign in with their password and set it up again.',
} as const;
