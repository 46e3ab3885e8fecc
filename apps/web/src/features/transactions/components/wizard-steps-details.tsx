import { useFormContext, type RegisterOptions } from 'react-hook-form';
import { ITEM_CATEGORIES, ITEM_CONDITIONS, ITEM_TYPES } from '@escrow/shared/domain/nigeria';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { amountValue, choiceValue, numberValue } from '../../../lib/form-values';
import { quantityValue, type CreateFormValues } from '../lib/create-form';
import { Select, Textarea } from './form-controls';

type Name = keyof CreateFormValues;
type FieldProps = {
  name: Name;
  label: string;
  placeholder?: string;
  inputMode?: 'decimal';
  options?: RegisterOptions<CreateFormValues, Name>;
};

/** The field's registration, message and ARIA: one place for every wizard field. */
function useWizardField(name: Name, options?: RegisterOptions<CreateFormValues, Name>) {
  const {
    register,
    formState: { errors },
  } = useFormContext<CreateFormValues>();
  const id = `tx-${name}`;
  const error = errors[name]?.message;
  return { id, error, props: { id, ...fieldErrorProps(id, error), ...register(name, options) } };
}

function TextField({ name, label, placeholder, inputMode, options }: FieldProps) {
  const { id, error, props } = useWizardField(name, options);
  return (
    <Field id={id} label={label} error={error}>
      <Input maxLength={200} placeholder={placeholder} inputMode={inputMode} {...props} />
    </Field>
  );
}

function TextAreaField({ name, label, placeholder }: FieldProps) {
  const { id, error, props } = useWizardField(name);
  return (
    <Field id={id} label={label} error={error}>
      <Textarea maxLength={2000} placeholder={placeholder} {...props} />
    </Field>
  );
}

function SelectField({
  name,
  label,
  placeholder,
  choices,
  required,
}: FieldProps & { choices: readonly string[]; required?: boolean }) {
  const { id, error, props } = useWizardField(name, { setValueAs: choiceValue });
  return (
    <Field id={id} label={label} error={error}>
      <Select placeholder={placeholder} options={choices} aria-required={required} {...props} />
    </Field>
  );
}

function QuantityField() {
  const { setValue } = useFormContext<CreateFormValues>();
  const { id, error, props } = useWizardField('itemQuantity', { setValueAs: quantityValue });
  return (
    <Field id={id} label="Quantity" error={error}>
      <Input
        type="number"
        min={1}
        step={1}
        {...props}
        onBlur={(event) => {
          // Bad input becomes 1, and the field shows it.
          setValue('itemQuantity', quantityValue(event.target.value));
          void props.onBlur(event);
        }}
      />
    </Field>
  );
}

/** Seller step 4: type, category and condition are required. */
export function ItemDetailsStep() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <SelectField
        name="itemType"
        label="Item type *"
        placeholder="Select item type"
        choices={ITEM_TYPES}
        required
      />
      <SelectField
        name="itemCategory"
        label="Category *"
        placeholder="Select category"
        choices={ITEM_CATEGORIES}
        required
      />
      <SelectField
        name="itemCondition"
        label="Condition *"
        placeholder="Select condition"
        choices={ITEM_CONDITIONS}
        required
      />
      <QuantityField />
      <TextField name="itemBrand" label="Brand" />
      <TextField name="itemModel" label="Model" />
      <TextField name="itemSize" label="Size" />
      <TextField name="itemColor" label="Colour" />
      <TextField
        name="itemWeight"
        label="Weight (kg)"
        inputMode="decimal"
        options={{ setValueAs: numberValue }}
      />
    </div>
  );
}

/** Seller step 5. */
export function AdditionalInfoStep() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField name="itemDimensions" label="Dimensions" placeholder="e.g. 30 x 20 x 10 cm" />
      <TextField name="itemSerialNumber" label="Serial number" />
      <TextField name="itemWarranty" label="Warranty" />
      <TextField name="itemOrigin" label="Country of origin" />
      <TextField name="itemAge" label="Age/usage" placeholder="e.g. 6 months, lightly used" />
      <div className="sm:col-span-2">
        <TextAreaField name="specialInstructions" label="Special instructions" />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField name="returnPolicy" label="Return policy" />
      </div>
    </div>
  );
}

/** Buyer step 4. */
export function PreferencesStep() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField
        name="maximumBudget"
        label="Maximum budget"
        inputMode="decimal"
        options={{ setValueAs: amountValue }}
      />
      <SelectField
        name="preferredCondition"
        label="Preferred condition"
        placeholder="Any condition"
        choices={ITEM_CONDITIONS}
      />
      <div className="sm:col-span-2">
        <TextAreaField name="specificRequirements" label="Specific requirements" />
      </div>
    </div>
  );
}

/** Buyer step 5. */
export function TermsStep() {
  return (
    <TextAreaField
      name="transactionTerms"
      label="Transaction terms"
      placeholder="Anything the seller should agree to, e.g. inspection on delivery"
    />
  );
}
