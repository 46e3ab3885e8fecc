import { TWO_FACTOR_SETUP_URL } from './two-factor.ts';

/** Texts of phone verification; zod-free so screens can import them alone. */
export const PHONE_TEXT = {
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a Nigerian mobile number, for example 0803 123 4567',
  codeInvalid: 'Enter the 6-digit code',
  codeSent: 'We sent a 6-digit code to your phone. It expires in 10 minutes.',
  codeWrong: 'That code is not right. Check the text message and try again.',
  codeExpired: 'That code has expired. Ask for a new one.',
  noCodePending: 'Ask for a code first.',
  tooManyAttempts: 'Too many wrong codes. Ask for a new one.',
  phoneInUse: 'This phone number is verified on another account.',
  verified: 'Phone number verified',
  removed: 'Phone number removed',
  notVerified: 'Verify your phone number first to get text messages.',
  smsUnavailable: 'We could not send the text message. Try again in a few minutes.',
  // The text message itself (plain GSM characters, well under 160).
  codeMessage: (code: string) =>
    `Your Amana verification code is ${code}. It expires in 10 minutes. Never share it with anyone.`,
  // Staff: only a message whose attempts ran out is sent again by hand.
  notFailed: 'Only a failed text message can be retried.',
  // Screens: Profile → Security, the notification channels and the operator console.
  title: 'Phone number',
  intro:
    'Verify your Nigerian mobile number to get text messages (SMS or WhatsApp) about your trades. We send a 6-digit code by SMS.',
  phoneLabel: 'Mobile number',
  phonePlaceholder: '0803 123 4567',
  sendCode: 'Send code',
  sending: 'Sending...',
  codeSentTo: (phone: string) => `We sent a 6-digit code to ${phone}.`,
  expiresAt: (time: string) => `It expires at ${time}.`,
  codeLabel: '6-digit code from the text message',
  verify: 'Verify',
  verifying: 'Verifying...',
  resend: 'Send a new code',
  sendLimit: 'You can ask for 3 codes an hour.',
  changeNumber: 'Use another number',
  verifiedBadge: 'Verified',
  remove: 'Remove',
  removeTitle: 'Remove your phone number?',
  removeIntro: 'Text messages (SMS and WhatsApp) stop until you verify a number again.',
  removing: 'Removing...',
  verifyYourPhone: 'Verify your phone',
  channelsNeedPhone: 'SMS and WhatsApp need a verified phone number.',
  // The operator console's Text messages page.
  messagesTitle: 'Text messages',
  messagesIntro:
    'SMS and WhatsApp messages waiting, sent or failed. A failed message was tried several times; Retry sends it again.',
  noMessages: 'No text messages with this status.',
  retry: 'Retry',
  retried: 'Message queued to be sent again',
} as const;

/** Where a phone is verified: Profile → Security, beside two-factor sign-in. */
export const PHONE_SETUP_URL = TWO_FACTOR_SETUP_URL;
