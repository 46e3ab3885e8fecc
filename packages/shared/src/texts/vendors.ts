/**
 * Vendor and rating texts, without zod: screens import them from here, so a page that only shows them
 * does not download zod with the vendor schemas (schemas/vendors.ts re-exports them for the forms and the
 * server).
 */

import { msg } from '../i18n/msg.ts';

/** Texts of the vendor directory and ratings (docs/vendors.md); forms and server share them. */
export const VENDOR_TEXT = {
  businessNameRequired: msg('Business name is required'),
  descriptionRequired: msg('Description is required'),
  specialtiesRequired: msg('Choose at least one specialty'),
  specialtiesMax: msg('Choose at most 5 specialties'),
  specialtyUnknown: msg('Please choose specialties from the list'),
  stateRequired: msg('State is required'),
  phoneInvalid: msg('Please enter a valid Nigerian phone number'),
  emailInvalid: msg('Please enter a valid e-mail address'),
  termsRequired: msg('Please accept the seller terms to publish your profile'),
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  /** {field}: the field's name; {max}: the number. */
  tooLongMessage: msg('{field} must be at most {max} characters'),
  notFound: msg('Vendor not found'),
  profileSaved: msg('Vendor profile saved'),
  saved: msg('Vendor saved'),
  unsaved: msg('Vendor removed from saved'),
  cannotSaveSelf: msg('You cannot save your own vendor profile'),
  cannotInviteSelf: msg('You cannot invite yourself'),
  invitedUnknown: msg('The invited vendor was not found'),
  invitationForAnother: msg('This invitation is addressed to another user'),
} as const;

export const RATING_TEXT = {
  ratingRange: msg('Rating must be a whole number from 1 to 5'),
  reviewMax: msg('Review must be at most 500 characters'),
  replyRequired: msg('Reply is required'),
  replyMax: msg('Reply must be at most 500 characters'),
  onlyBuyer: msg('Only the buyer can rate the seller'),
  onlySeller: msg('Only the seller can reply to a rating'),
  notYet: msg('You can rate the seller once the transaction is completed or refunded'),
  already: msg('You have already rated this transaction'),
  none: msg('This transaction has not been rated yet'),
  fixed: msg('Ratings can only be edited within 7 days; this rating is now fixed'),
  replied: msg('The seller has already replied to this rating'),
  created: msg('Thank you for rating the seller'),
  updated: msg('Rating updated'),
  replySaved: msg('Reply posted'),
} as const;
