import {
  DELIVERY_COUNTRY,
  NIGERIAN_STATES,
  PHONE_COUNTRY_CODES,
  type PhoneCountryCode,
} from '@escrow/shared/domain/nigeria';
import { deliveryDetailsSchema, type DeliveryDetails } from '@escrow/shared/schemas/transactions';

/** The shipping wizard's form state (spec 01 §3 "Wizard form state"). */
export type ShippingForm = {
  firstName: string;
  lastName: string;
  countryCode: PhoneCountryCode;
  phone: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
};

export const EMPTY_SHIPPING_FORM: ShippingForm = {
  firstName: '',
  lastName: '',
  countryCode: '+234',
  phone: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zipCode: '',
  country: DELIVERY_COUNTRY,
};

export const SHIPPING_COUNTRIES = [
  'Nigeria',
  'United States',
  'United Kingdom',
  'Canada',
  'Germany',
  'France',
  'Other',
] as const;

export const SHIPPING_TEXT = {
  required: 'Please fill in all required fields',
  saved: 'Shipping details saved successfully!',
  saveFailed: 'Failed to save shipping details',
  // DESIGN "Texts": delivery addresses are in Nigeria; the other choices of the spec's list are not served yet.
  countryUnsupported: 'Delivery outside Nigeria is not supported yet. Please enter an address in Nigeria.',
} as const;

export { PHONE_COUNTRY_CODES, NIGERIAN_STATES };

const filled = (value: string) => value.trim().length > 0;

/** Spec 01 §5 "Shipping wizard": each step's required fields. */
export function stepComplete(step: number, form: ShippingForm): boolean {
  if (step === 1) return filled(form.firstName) && filled(form.lastName) && filled(form.phone);
  if (step === 2) return filled(form.addressLine1) && filled(form.city) && filled(form.state);
  return filled(form.zipCode) && filled(form.country);
}

/** '+234' + '0803 123 4567' → '+2348031234567' (the trunk 0 is dropped after a country code). */
export function fullPhone(code: PhoneCountryCode, phone: string): string {
  const digits = phone.replace(/[\s()-]/g, '');
  if (digits.startsWith('+')) return digits;
  return `${code}${digits.replace(/^0+/, '')}`;
}

/** The delivery details the server stores, or the first problem with them. */
export function toDeliveryDetails(
  form: ShippingForm,
): { ok: true; details: DeliveryDetails } | { ok: false; error: string; step: number } {
  if (form.country !== DELIVERY_COUNTRY)
    return { ok: false, error: SHIPPING_TEXT.countryUnsupported, step: 3 };
  const address = [form.addressLine1.trim(), form.addressLine2.trim()].filter(Boolean).join(', ');
  const parsed = deliveryDetailsSchema.safeParse({
    fullName: `${form.firstName.trim()} ${form.lastName.trim()}`.trim(),
    phoneNumber: fullPhone(form.countryCode, form.phone),
    address,
    city: form.city,
    state: form.state,
    zipCode: form.zipCode,
    country: DELIVERY_COUNTRY,
  });
  if (parsed.success) return { ok: true, details: parsed.data };
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  const step = field === 'fullName' || field === 'phoneNumber' ? 1 : field === 'zipCode' ? 3 : 2;
  return { ok: false, error: issue?.message ?? SHIPPING_TEXT.required, step };
}
