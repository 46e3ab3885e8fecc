import { useFormContext, type RegisterOptions } from 'react-hook-form';
import { ITEM_CATEGORIES, ITEM_CONDITIONS, ITEM_TYPES } from '@escrow/shared/domain/nigeria';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { amountValue, choiceValue, numberValue } from '../../../lib/form-values';
import { t } from '../../../lib/i18n';
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
  // The shared schema's English id (or the server's words, already translated).
  const message = errors[name]?.message;
  const error = message ? t(message) : undefined;
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
      <Select
        placeholder={placeholder}
        // The value sent stays the English choice; the reader sees it in their language.
        options={choices.map((choice) => ({ value: choice, label: t(choice) }))}
        aria-required={required}
        {...props}
      />
    </Field>
  );
}

function QuantityField() {
  const { setValue } = useFormContext<CreateFormValues>();
  const { id, error, props } = useWizardField('itemQuantity', { setValueAs: quantityValue });
  return (
    <Field id={id} label={t('Quantity')} error={error}>
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
        label={t('Item type *')}
        placeholder={t('Select item type')}
        choices={ITEM_TYPES}
        required
      />
      <SelectField
        name="itemCategory"
        label={t('Category *')}
        placeholder={t('Select category')}
        choices={ITEM_CATEGORIES}
        required
      />
      <SelectField
        name="itemCondition"
        label={t('Condition *')}
        placeholder={t('Select condition')}
        choices={ITEM_CONDITIONS}
        required
      />
      <QuantityField />
      <TextField name="itemBrand" label={t('Brand')} />
      <TextField name="itemModel" label={t('Model')} />
      <TextField name="itemSize" label={t('Size')} />
      <TextField name="itemColor" label={t('Colour')} />
      <TextField
        name="itemWeight"
        label={t('Weight (kg)')}
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
      <TextField name="itemDimensions" label={t('Dimensions')} placeholder={t('e.g. 30 x 20 x 10 cm')} />
      <TextField name="itemSerialNumber" label={t('Serial number')} />
      <TextField name="itemWarranty" label={t('Warranty')} />
      <TextField name="itemOrigin" label={t('Country of origin')} />
      <TextField name="itemAge" label={t('Age/usage')} placeholder={t('e.g. 6 months, lightly used')} />
      <div className="sm:col-span-2">
        <TextAreaField name="specialInstructions" label={t('Special instructions')} />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField name="returnPolicy" label={t('Return policy')} />
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
        label={t('Maximum budget')}
        inputMode="decimal"
        options={{ setValueAs: amountValue }}
      />
      <SelectField
        name="preferredCondition"
        label={t('Preferred condition')}
        placeholder={t('Any condition')}
        choices={ITEM_CONDITIONS}
      />
      <div className="sm:col-span-2">
        <TextAreaField name="specificRequirements" label={t('Specific requirements')} />
      </div>
    </div>
  );
}

/** Buyer step 5. */
export function TermsStep() {
  return (
    <TextAreaField
      name="transactionTerms"
      label={t('Transaction terms')}
      placeholder={t('Anything the seller should agree to, e.g. inspection on delivery')}
    />
  );
}
