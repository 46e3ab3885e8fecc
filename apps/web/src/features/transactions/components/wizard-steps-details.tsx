import { ITEM_CATEGORIES, ITEM_CONDITIONS, ITEM_TYPES } from '@escrow/shared/domain/nigeria';
import { Field, Input } from '../../../components/ui/input';
import { normalizeQuantity } from '../lib/create-draft';
import { Select, Textarea } from './form-controls';
import type { StepProps } from './wizard-steps-basic';

type Draft = StepProps['draft'];
type TextKey = { [K in keyof Draft]: Draft[K] extends string ? K : never }[keyof Draft];
type TextFieldProps = StepProps & { name: TextKey; label: string; placeholder?: string };

function TextField({ draft, update, name, label, placeholder }: TextFieldProps) {
  const id = `tx-${name}`;
  return (
    <Field id={id} label={label}>
      <Input
        id={id}
        value={draft[name]}
        maxLength={200}
        placeholder={placeholder}
        onChange={(event) => update({ [name]: event.target.value })}
      />
    </Field>
  );
}

function TextAreaField({ draft, update, name, label, placeholder }: TextFieldProps) {
  const id = `tx-${name}`;
  return (
    <Field id={id} label={label}>
      <Textarea
        id={id}
        value={draft[name]}
        maxLength={2000}
        placeholder={placeholder}
        onChange={(event) => update({ [name]: event.target.value })}
      />
    </Field>
  );
}

/** Seller step 4: type, category and condition are required (spec 01 §5). */
export function ItemDetailsStep(props: StepProps) {
  const { draft, update } = props;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field id="tx-itemType" label="Item type *">
        <Select
          id="tx-itemType"
          required
          value={draft.itemType}
          placeholder="Select item type"
          options={ITEM_TYPES}
          onChange={(event) => update({ itemType: event.target.value })}
        />
      </Field>
      <Field id="tx-itemCategory" label="Category *">
        <Select
          id="tx-itemCategory"
          required
          value={draft.itemCategory}
          placeholder="Select category"
          options={ITEM_CATEGORIES}
          onChange={(event) => update({ itemCategory: event.target.value })}
        />
      </Field>
      <Field id="tx-itemCondition" label="Condition *">
        <Select
          id="tx-itemCondition"
          required
          value={draft.itemCondition}
          placeholder="Select condition"
          options={ITEM_CONDITIONS}
          onChange={(event) => update({ itemCondition: event.target.value })}
        />
      </Field>
      <Field id="tx-itemQuantity" label="Quantity">
        <Input
          id="tx-itemQuantity"
          type="number"
          min={1}
          step={1}
          value={draft.itemQuantity}
          onChange={(event) => update({ itemQuantity: event.target.value })}
          onBlur={(event) => update({ itemQuantity: normalizeQuantity(event.target.value) })}
        />
      </Field>
      <TextField {...props} name="itemBrand" label="Brand" />
      <TextField {...props} name="itemModel" label="Model" />
      <TextField {...props} name="itemSize" label="Size" />
      <TextField {...props} name="itemColor" label="Colour" />
      <Field id="tx-itemWeight" label="Weight (kg)">
        <Input
          id="tx-itemWeight"
          inputMode="decimal"
          value={draft.itemWeight}
          onChange={(event) => update({ itemWeight: event.target.value })}
        />
      </Field>
    </div>
  );
}

/** Seller step 5. */
export function AdditionalInfoStep(props: StepProps) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField {...props} name="itemDimensions" label="Dimensions" placeholder="e.g. 30 x 20 x 10 cm" />
      <TextField {...props} name="itemSerialNumber" label="Serial number" />
      <TextField {...props} name="itemWarranty" label="Warranty" />
      <TextField {...props} name="itemOrigin" label="Country of origin" />
      <TextField {...props} name="itemAge" label="Age/usage" placeholder="e.g. 6 months, lightly used" />
      <div className="sm:col-span-2">
        <TextAreaField {...props} name="specialInstructions" label="Special instructions" />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField {...props} name="returnPolicy" label="Return policy" />
      </div>
    </div>
  );
}

/** Buyer step 4. */
export function PreferencesStep(props: StepProps) {
  const { draft, update } = props;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field id="tx-maximumBudget" label="Maximum budget">
        <Input
          id="tx-maximumBudget"
          inputMode="decimal"
          value={draft.maximumBudget}
          onChange={(event) => update({ maximumBudget: event.target.value })}
        />
      </Field>
      <Field id="tx-preferredCondition" label="Preferred condition">
        <Select
          id="tx-preferredCondition"
          value={draft.preferredCondition}
          placeholder="Any condition"
          options={ITEM_CONDITIONS}
          onChange={(event) => update({ preferredCondition: event.target.value })}
        />
      </Field>
      <div className="sm:col-span-2">
        <TextAreaField {...props} name="specificRequirements" label="Specific requirements" />
      </div>
    </div>
  );
}

/** Buyer step 5. */
export function TermsStep(props: StepProps) {
  return (
    <TextAreaField
      {...props}
      name="transactionTerms"
      label="Transaction terms"
      placeholder="Anything the seller should agree to, e.g. inspection on delivery"
    />
  );
}
