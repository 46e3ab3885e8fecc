/**
 * Vendor and rating texts, without zod: screens import them from here, so a page that only shows them
 * does not download zod with the vendor schemas (schemas/vendors.ts re-exports them for the forms and the
 * server).
 */

/** Texts of the vendor directory and ratings (docs/vendors.md); forms and server share them. */
export const VENDOR_TEXT = {
  businessNameRequired: 'Business name is required',
  descriptionRequired: 'Description is required',
  specialtiesRequired: 'Choose at least one specialty',
  specialtiesMax: 'Choose at most 5 specialties',
  specialtyUnknown: 'Please choose specialties from the list',
  stateRequired: 'State is required',
  phoneInvalid: 'Please enter a valid Nigerian phone number',
  emailInvalid: 'Please enter a valid e-mail address',
  termsRequired: 'Please accept the seller terms to publish your profile',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  notFound: 'Vendor not found',
  profileSaved: 'Vendor profile saved',
  saved: 'Vendor saved',
  unsaved: 'Vendor removed from saved',
  cannotSaveSelf: 'You cannot save your own vendor profile',
  cannotInviteSelf: 'You cannot invite yourself',
  invitedUnknown: 'The invited vendor was not found',
  invitationForAnother: 'This invitation is addressed to another user',
} as const;

export const RATING_TEXT = {
  ratingRange: 'Rating must be a whole number from 1 to 5',
  reviewMax: 'Review must be at most 500 characters',
  replyRequired: 'Reply is required',
  replyMax: 'Reply must be at most 500 characters',
  onlyBuyer: 'Only the buyer can rate the seller',
  onlySeller: 'Only the seller can reply to a rating',
  notYet: 'You can rate the seller once the transaction is completed or refunded',
  already: 'You have already rated this transaction',
  none: 'This transaction has not been rated yet',
  fixed: 'Ratings can only be edited within 7 days; this rating is now fixed',
  replied: 'The seller has already replied to this rating',
  created: 'Thank you for rating the seller',
  updated: 'Rating updated',
  replySaved: 'Reply posted',
} as const;
