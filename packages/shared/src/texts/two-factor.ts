import { msg } from '../i18n/msg.ts';

/** Texts of two-factor sign-in; zod-free so screens can import them alone. */
export const TWO_FACTOR_TEXT = {
  codeInvalid: msg('Enter the 6-digit code from your authenticator app, or a recovery code'),
  codeWrong: msg('That code is not right. Try the newest code in your authenticator app.'),
  codeRequired: msg('Enter a code from your authenticator app to confirm this.'),
  challengeExpired: msg('This sign-in has expired. Sign in again.'),
  alreadyEnabled: msg('Two-factor sign-in is already on.'),
  notSetUp: msg('Start the setup first.'),
  notEnabled: msg('Two-factor sign-in is not on.'),
  enabled: msg('Two-factor sign-in is on. Keep your recovery codes somewhere safe.'),
  disabled: msg('Two-factor sign-in is off.'),
  required: msg('Staff must turn on two-factor sign-in and use it to sign in before doing this.'),
  resetByStaff: msg(
    'Two-factor sign-in was reset. The user can sign in with their password and set it up again.',
  ),
  tooManyFailures: msg('Too many wrong codes. Please try again later.'),
  recoveryCodesRenewed: msg('New recovery codes are ready. The old ones no longer work.'),
  cannotResetOwn: msg('Another administrator must reset your own two-factor sign-in.'),
  // Screens: Profile → Security, the sign-in step, the wallet's code prompt and the operator console.
  title: msg('Two-factor sign-in'),
  intro: msg(
    'Add a second step to signing in: a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Authy or similar). Withdrawals and bank account changes ask for a code too.',
  ),
  statusOff: msg('Off'),
  statusOn: msg('On'),
  onSince: (date: string) => `On since ${date}`,
  onSinceMessage: msg('On since {date}'),
  setUp: msg('Set up'),
  starting: msg('Starting...'),
  setUpTitle: msg('Set up two-factor sign-in'),
  scanQr: msg('Scan this QR code with your authenticator app.'),
  qrLabel: msg('QR code to add Amana Escrow to your authenticator app'),
  typeKey: msg("Can't scan it? Type this key into the app instead:"),
  enterCode: msg('Enter the 6-digit code the app shows, to check it works.'),
  codeLabel: msg('6-digit code'),
  turnOn: msg('Turn on'),
  turningOn: msg('Turning on...'),
  setupFailed: msg('Could not start the setup. Please try again.'),
  recoveryTitle: msg('Save your recovery codes'),
  recoveryIntro: msg(
    'If you lose your phone, each of these codes signs you in once. Keep them somewhere safe, away from your phone: they are shown only now.',
  ),
  recoveryListLabel: msg('Recovery codes'),
  downloadCodes: msg('Download (.txt)'),
  codesFileName: 'amana-recovery-codes.txt',
  codesFileHeading: (email: string) =>
    `Amana Escrow recovery codes for ${email}\nEach code signs you in once. Keep them somewhere safe.`,
  codesFileHeadingMessage: msg(
    'Amana Escrow recovery codes for {email}\nEach code signs you in once. Keep them somewhere safe.',
  ),
  savedThem: msg('I have saved them'),
  recoveryCodesLeft: (count: number) => `${count} recovery ${count === 1 ? 'code' : 'codes'} left`,
  recoveryCodesLeftMessage: msg('{count, plural, one {# recovery code left} other {# recovery codes left}}'),
  fewCodesLeft: msg('Make new recovery codes before you run out.'),
  newRecoveryCodes: msg('New recovery codes'),
  newRecoveryCodesIntro: msg(
    'Your old recovery codes stop working. Enter a code from your authenticator app.',
  ),
  makeCodes: msg('Make new codes'),
  turnOff: msg('Turn off'),
  turnOffTitle: msg('Turn off two-factor sign-in?'),
  turnOffIntro: msg(
    'Signing in will need only your password. Enter your password and a code from your authenticator app.',
  ),
  turningOff: msg('Turning off...'),
  signInTitle: msg('Enter the 6-digit code from your authenticator app'),
  signInRecoveryTitle: msg('Enter one of your recovery codes'),
  recoveryCodeLabel: msg('Recovery code'),
  useRecoveryCode: msg('Use a recovery code'),
  useAuthenticator: msg('Use a code from your authenticator app'),
  recoveryCodeInvalid: msg('Enter a recovery code like k3m9x-2pq7d'),
  verify: msg('Verify'),
  verifying: msg('Verifying...'),
  backToSignIn: msg('Back to sign in'),
  promptTitle: msg('Confirm with your authenticator app'),
  totpInvalid: msg('Enter the 6-digit code from your authenticator app'),
  confirm: msg('Confirm'),
  confirming: msg('Confirming...'),
  setUpLink: msg('Set up two-factor sign-in'),
  consoleStatus: msg('Two-factor sign-in'),
  reset: msg('Reset two-factor sign-in'),
  resetIntro: (name: string) =>
    `Only after you have checked that you are talking to ${name} (for example by their identity documents): their authenticator app and recovery codes stop working, and they sign in with their password alone until they set it up again.`,
  resetIntroMessage: msg(
    'Only after you have checked that you are talking to {name} (for example by their identity documents): their authenticator app and recovery codes stop working, and they sign in with their password alone until they set it up again.',
  ),
  resetReasonLabel: msg('How you checked their identity'),
  resetting: msg('Resetting...'),
} as const;

/**
 * Where a user sets up two-factor sign-in: Profile → Security (a staff refusal's `details.setupUrl`).
 * Here, zod-free, for the screens; schemas/two-factor.ts re-exports it for the server.
 */
export const TWO_FACTOR_SETUP_URL = '/app/profile?tab=security';
