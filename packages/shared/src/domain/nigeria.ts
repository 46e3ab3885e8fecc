/**
 * Enumerations used by the create wizard, delivery details and shipment forms.
 * Item enums store their English labels as their values (sent to the API as they are); screens show
 * them translated (msg() marks them for the catalogues, docs/languages.md).
 */

import { msg } from '../i18n/msg.ts';

/** The 36 states of Nigeria plus the Federal Capital Territory (delivery addresses are in Nigeria). */
export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
  'FCT',
] as const;
export type NigerianState = (typeof NIGERIAN_STATES)[number];

/** Delivery addresses are in Nigeria (docs/product.md "What it is"): the country is fixed and read-only. */
export const DELIVERY_COUNTRY = 'Nigeria';

/**
 * Nigerian mobile number: optional +234, 234 or 0, then 7, 8 or 9, then 0 or 1, then 8 digits.
 * Spaces are ignored: test against `normalizePhone(value)`.
 */
export const NIGERIAN_PHONE_PATTERN = /^(?:\+234|234|0)?[789][01]\d{8}$/;

export function normalizePhone(value: string): string {
  return value.replace(/\s+/g, '');
}

export function isNigerianPhone(value: string): boolean {
  return NIGERIAN_PHONE_PATTERN.test(normalizePhone(value));
}

/** Phone country codes of the shipping wizard, +234 first and default. */
export const PHONE_COUNTRY_CODES = ['+234', '+1', '+44', '+33', '+49'] as const;
export type PhoneCountryCode = (typeof PHONE_COUNTRY_CODES)[number];

/**
 * A recipient phone: a Nigerian mobile number, or an international number with one of the wizard's
 * other country codes ('+44 7911 123456'): the code followed by 6 to 12 digits.
 */
export function isDeliveryPhone(value: string): boolean {
  const phone = normalizePhone(value);
  if (NIGERIAN_PHONE_PATTERN.test(phone)) return true;
  return PHONE_COUNTRY_CODES.some(
    (code) => code !== '+234' && phone.startsWith(code) && /^\d{6,12}$/.test(phone.slice(code.length)),
  );
}

export const COURIERS = [
  'DHL',
  'FedEx',
  'UPS',
  'USPS',
  'GIG Logistics',
  'Max.ng',
  'Jumia Logistics',
  'Kwik Delivery',
  'Other',
] as const;
export type Courier = (typeof COURIERS)[number];

export const ITEM_TYPES = [
  msg('Physical Product'),
  msg('Digital Product'),
  msg('Service'),
  msg('Event Ticket'),
  msg('Gift Card'),
  msg('Other'),
] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const ITEM_CATEGORIES = [
  msg('Electronics'),
  msg('Fashion & Accessories'),
  msg('Home & Garden'),
  msg('Sports & Outdoors'),
  msg('Books & Media'),
  msg('Health & Beauty'),
  msg('Automotive'),
  msg('Toys & Games'),
  msg('Food & Beverages'),
  msg('Art & Collectibles'),
  msg('Business & Industrial'),
  msg('Other'),
] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

export const ITEM_CONDITIONS = [
  msg('Brand New'),
  msg('Like New'),
  msg('Good'),
  msg('Fair'),
  msg('Poor'),
  msg('For Parts'),
] as const;
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];

/** Condition the seller reports when shipping, EXCELLENT by default. */
export const SHIPMENT_ITEM_CONDITIONS = ['EXCELLENT', 'GOOD', 'FAIR', 'POOR'] as const;
export type ShipmentItemCondition = (typeof SHIPMENT_ITEM_CONDITIONS)[number];

/** Currencies offered by the create wizard. */
export const TRANSACTION_CURRENCIES = ['NGN', 'USD', 'EUR', 'GBP'] as const;
export type TransactionCurrency = (typeof TRANSACTION_CURRENCIES)[number];

export const CURRENCY_NAMES: Record<TransactionCurrency, string> = {
  NGN: 'Naira',
  USD: msg('US Dollar'),
  EUR: msg('Euro'),
  GBP: msg('British Pound'),
};

export const PAYMENT_METHODS = ['WALLET', 'BANK_TRANSFER', 'CARD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Time zone for "today" in date rules (estimated delivery not before today). */
export const NIGERIA_TIME_ZONE = 'Africa/Lagos';

/** The date in Lagos at `now` as YYYY-MM-DD (Lagos is UTC+1 all year, no daylight saving). */
export function todayInLagos(now: Date): string {
  return new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);
}
