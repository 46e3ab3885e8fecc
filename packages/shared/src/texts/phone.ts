import { TWO_FACTOR_SETUP_URL } from './two-factor.ts';
import { msg } from '../i18n/msg.ts';

/** Texts of phone verification; zod-free so screens can import them alone. */
export const PHONE_TEXT = {
  phoneRequired: msg('Phone number is required'),
  phoneInvalid: msg('Enter a Nigerian mobile number, for example 0803 123 4567'),
  codeInvalid: msg('Enter the 6-digit code'),
  codeSent: msg('We sent a 6-digit code to your phone. It expires in 10 minutes.'),
  codeWrong: msg('That code is not right. Check the text message and try again.'),
  codeExpired: msg('That code has expired. Ask for a new one.'),
  noCodePending: msg('Ask for a code first.'),
  tooManyAttempts: msg('Too many wrong codes. Ask for a new one.'),
  phoneInUse: msg('This phone number is verified on another account.'),
  verified: msg('Phone number verified'),
  removed: msg('Phone number removed'),
  notVerified: msg('Verify your phone number first to get text messages.'),
  smsUnavailable: msg('We could not send the text message. Try again in a few minutes.'),
  // The text message itself (plain GSM characters, well under 160).
  codeMessage: (code: string) =>
    `Your Amana verification code is ${code}. It expires in 10 minutes. Never share it with anyone.`,
  codeMessageMessage: msg(
    'Your Amana verification code is {code}. It expires in 10 minutes. Never share it with anyone.',
  ),
  // Staff: only a message whose attempts ran out is sent again by hand.
  notFailed: msg('Only a failed text message can be retried.'),
  // Screens: Profile → Security, the notification channels and the operator console.
  title: msg('Phone number'),
  intro: msg(
    'Verify your Nigerian mobile number to get text messages (SMS or WhatsApp) about your trades. We send a 6-digit code by SMS.',
  ),
  phoneLabel: msg('Mobile number'),
  phonePlaceholder: '0803 123 4567',
  sendCode: msg('Send code'),
  sending: msg('Sending...'),
  codeSentTo: (phone: string) => `We sent a 6-digit code to ${phone}.`,
  codeSentToMessage: msg('We sent a 6-digit code to {phone}.'),
  expiresAt: (time: string) => `It expires at ${time}.`,
  expiresAtMessage: msg('It expires at {time}.'),
  codeLabel: msg('6-digit code from the text message'),
  verify: msg('Verify'),
  verifying: msg('Verifying...'),
  resend: msg('Send a new code'),
  sendLimit: msg('You can ask for 3 codes an hour.'),
  changeNumber: msg('Use another number'),
  verifiedBadge: msg('Verified'),
  remove: msg('Remove'),
  removeTitle: msg('Remove your phone number?'),
  removeIntro: msg('Text messages (SMS and WhatsApp) stop until you verify a number again.'),
  removing: msg('Removing...'),
  verifyYourPhone: msg('Verify your phone'),
  channelsNeedPhone: msg('SMS and WhatsApp need a verified phone number.'),
  // The operator console's Text messages page.
  messagesTitle: msg('Text messages'),
  messagesIntro: msg(
    'SMS and WhatsApp messages waiting, sent or failed. A failed message was tried several times; Retry sends it again.',
  ),
  noMessages: msg('No text messages with this status.'),
  retry: msg('Retry'),
  retried: msg('Message queued to be sent again'),
} as const;

/** Where a phone is verified: Profile → Security, beside two-factor sign-in. */
export const PHONE_SETUP_URL = TWO_FACTOR_SETUP_URL;
