import { Field, Input } from '../../../components/ui/input';
import {
  NIGERIAN_STATES,
  PHONE_COUNTRY_CODES,
  SHIPPING_COUNTRIES,
  SHIPPING_TEXT,
  type ShippingForm,
} from '../lib/shipping-form';
import { Select } from './form-controls';

type Props = { form: ShippingForm; update: (patch: Partial<ShippingForm>) => void };

export function PersonalStep({ form, update }: Props) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field id="sw-firstName" label="First name *">
        <Input
          id="sw-firstName"
          autoComplete="given-name"
          value={form.firstName}
          onChange={(e) => update({ firstName: e.target.value })}
        />
      </Field>
      <Field id="sw-lastName" label="Last name *">
        <Input
          id="sw-lastName"
          autoComplete="family-name"
          value={form.lastName}
          onChange={(e) => update({ lastName: e.target.value })}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field id="sw-phone" label="Phone number *">
          <div className="flex gap-2">
            <label htmlFor="sw-countryCode" className="sr-only">
              Country code
            </label>
            <Select
              id="sw-countryCode"
              className="w-28"
              value={form.countryCode}
              options={PHONE_COUNTRY_CODES}
              onChange={(e) => update({ countryCode: e.target.value as ShippingForm['countryCode'] })}
            />
            <Input
              id="sw-phone"
              type="tel"
              autoComplete="tel-national"
              placeholder="803 123 4567"
              value={form.phone}
              onChange={(e) => update({ phone: e.target.value })}
            />
          </div>
        </Field>
      </div>
    </div>
  );
}

export function AddressStep({ form, update }: Props) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field id="sw-address1" label="Address line 1 *">
          <Input
            id="sw-address1"
            autoComplete="address-line1"
            value={form.addressLine1}
            onChange={(e) => update({ addressLine1: e.target.value })}
          />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id="sw-address2" label="Address line 2 (optional)">
          <Input
            id="sw-address2"
            autoComplete="address-line2"
            value={form.addressLine2}
            onChange={(e) => update({ addressLine2: e.target.value })}
          />
        </Field>
      </div>
      <Field id="sw-city" label="City *">
        <Input
          id="sw-city"
          autoComplete="address-level2"
          value={form.city}
          onChange={(e) => update({ city: e.target.value })}
        />
      </Field>
      <Field id="sw-state" label="State *">
        <Select
          id="sw-state"
          value={form.state}
          placeholder="Select state"
          options={NIGERIAN_STATES}
          onChange={(e) => update({ state: e.target.value })}
        />
      </Field>
    </div>
  );
}

export function LocationStep({ form, update }: Props) {
  const unsupported = form.country !== 'Nigeria';
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field id="sw-zip" label="ZIP/postal code *">
        <Input
          id="sw-zip"
          autoComplete="postal-code"
          value={form.zipCode}
          onChange={(e) => update({ zipCode: e.target.value })}
        />
      </Field>
      <Field
        id="sw-country"
        label="Country *"
        error={unsupported ? SHIPPING_TEXT.countryUnsupported : undefined}
      >
        <Select
          id="sw-country"
          value={form.country}
          options={SHIPPING_COUNTRIES}
          onChange={(e) => update({ country: e.target.value })}
        />
      </Field>
    </div>
  );
}
