import { describe, expect, it } from 'vitest';
import {
  EMPTY_SHIPPING_FORM,
  fullPhone,
  SHIPPING_TEXT,
  stepComplete,
  toDeliveryDetails,
} from './shipping-form';

const filled = {
  ...EMPTY_SHIPPING_FORM,
  firstName: 'Bola',
  lastName: 'Buyer',
  phone: '0803 123 4567',
  addressLine1: '12 Admiralty Way',
  addressLine2: 'Flat 3',
  city: 'Lagos',
  state: 'Lagos',
  zipCode: '106104',
};

describe('shipping wizard form', () => {
  it('checks each step’s required fields (blank counts as missing)', () => {
    expect(stepComplete(1, { ...filled, lastName: '  ' })).toBe(false);
    expect(stepComplete(1, filled)).toBe(true);
    expect(stepComplete(2, { ...filled, state: '' })).toBe(false);
    expect(stepComplete(2, { ...filled, addressLine2: '' })).toBe(true);
    expect(stepComplete(3, { ...filled, zipCode: '' })).toBe(false);
  });

  it('joins the country code and the number, dropping the trunk 0', () => {
    expect(fullPhone('+234', '0803 123 4567')).toBe('+2348031234567');
    expect(fullPhone('+234', '803-123-4567')).toBe('+2348031234567');
    expect(fullPhone('+44', '07911 123456')).toBe('+447911123456');
    expect(fullPhone('+234', '+2348031234567')).toBe('+2348031234567');
  });

  it('builds the delivery details the server stores (full name, one address line, Nigeria)', () => {
    expect(toDeliveryDetails(filled)).toEqual({
      ok: true,
      details: {
        fullName: 'Bola Buyer',
        phoneNumber: '+2348031234567',
        address: '12 Admiralty Way, Flat 3',
        city: 'Lagos',
        state: 'Lagos',
        zipCode: '106104',
        country: 'Nigeria',
      },
    });
  });

  it('explains that addresses outside Nigeria are not supported yet', () => {
    expect(toDeliveryDetails({ ...filled, country: 'Canada' })).toEqual({
      ok: false,
      error: SHIPPING_TEXT.countryUnsupported,
      step: 3,
    });
  });

  it('sends the user back to the step with a bad phone number', () => {
    expect(toDeliveryDetails({ ...filled, phone: '12' })).toEqual({
      ok: false,
      error: 'Please enter a valid Nigerian phone number',
      step: 1,
    });
  });
});
