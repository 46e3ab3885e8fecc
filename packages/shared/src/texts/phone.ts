/** Texts of phone verification (issue 30); zod-free so screens can import them alone. */
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
} as const;
