import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ITEM_CATEGORIES, NIGERIAN_STATES } from '@escrow/shared/domain/nigeria';
import type { vendorProfileFormSchema } from '@escrow/shared/schemas/vendors';
import {
  vendorProfileSchemaFor,
  type VendorProfileForm as VendorProfileValues,
} from '@escrow/shared/schemas/vendors';
import { VENDOR_TEXT } from '@escrow/shared/texts/vendors';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { ErrorPanel, LoadingPanel, Select, Textarea } from '../../../components/ui/panels';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { showServerFieldErrors } from '../../../lib/form-values';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { useMyVendor, useSaveMyVendor, type MyVendor } from '../api/vendors';

type FormInput = z.input<typeof vendorProfileFormSchema>;

/** /app/vendor/profile: publish or edit the caller's business profile. */
export function VendorProfileEditor() {
  const mine = useMyVendor();
  if (mine.isPending) return <LoadingPanel label={t('Loading your vendor profile')} />;
  if (mine.error) return <ErrorPanel error={mine.error} onRetry={() => void mine.refetch()} />;
  return <VendorProfileForm key={mine.data?.id ?? 'new'} existing={mine.data} />;
}

function VendorProfileForm({ existing }: { existing: MyVendor | null }) {
  const save = useSaveMyVendor();
  const termsAccepted = Boolean(existing?.sellerTermsAcceptedAt);
  const schema = useMemo(() => vendorProfileSchemaFor(termsAccepted), [termsAccepted]);
  const form = useForm<FormInput, unknown, VendorProfileValues>({
    resolver: zodResolver(schema),
    defaultValues: existing
      ? { ...existing, acceptSellerTerms: false }
      : {
          businessName: '',
          description: '',
          specialties: [],
          phone: '',
          email: '',
          published: true,
          acceptSellerTerms: false,
        },
  });
  useFixAsYouType(form);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const onValid = handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      toast.success(
        answer.vendor.published ? t('Your vendor profile is published') : t(VENDOR_TEXT.profileSaved),
      );
    } catch (error) {
      // A 400 naming a field shows beside it; anything else is said in a toast.
      if (showServerFieldErrors(error, form.setError).length) return;
      toast.error(error instanceof ApiError ? error.message : t('Could not save your vendor profile'));
    }
  });

  return (
    <Card>
      <form onSubmit={onValid} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id="businessName" label={t('Business name')} error={errors.businessName?.message}>
          <Input
            id="businessName"
            maxLength={100}
            {...register('businessName')}
            {...fieldErrorProps('businessName', errors.businessName?.message)}
          />
        </Field>
        <Field id="state" label={t('State')} error={errors.state?.message}>
          <Select id="state" {...register('state')} {...fieldErrorProps('state', errors.state?.message)}>
            <option value="">{t('Choose a state')}</option>
            {NIGERIAN_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
        <div className="sm:col-span-2">
          <Field id="description" label={t('Description')} error={errors.description?.message}>
            <Textarea
              id="description"
              maxLength={1000}
              {...register('description')}
              {...fieldErrorProps('description', errors.description?.message)}
            />
          </Field>
        </div>
        <fieldset
          className="sm:col-span-2"
          aria-describedby={errors.specialties ? 'specialties-error' : undefined}
        >
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('Specialties (up to 5)')}</legend>
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-3">
            {ITEM_CATEGORIES.map((c) => (
              <label key={c} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" value={c} {...register('specialties')} />
                {t(c)}
              </label>
            ))}
          </div>
          {errors.specialties ? (
            <p id="specialties-error" role="alert" className="mt-1 text-sm text-red-600">
              {t(errors.specialties.message ?? errors.specialties.root?.message ?? '')}
            </p>
          ) : null}
        </fieldset>
        <Field id="phone" label={t('Contact phone')} error={errors.phone?.message}>
          <Input
            id="phone"
            type="tel"
            placeholder="0803 123 4567"
            {...register('phone')}
            {...fieldErrorProps('phone', errors.phone?.message)}
          />
        </Field>
        <Field id="email" label={t('Contact e-mail')} error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            {...register('email')}
            {...fieldErrorProps('email', errors.email?.message)}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2">
          <input type="checkbox" {...register('published')} />
          {t('Published (shown in the Vendor Directory)')}
        </label>
        {termsAccepted ? (
          <p className="text-sm text-slate-600 sm:col-span-2">
            {t('You accepted the seller terms on {date}.', {
              date: formatDate(existing!.sellerTermsAcceptedAt!),
            })}
          </p>
        ) : (
          <div className="sm:col-span-2">
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="mt-1"
                {...register('acceptSellerTerms')}
                {...fieldErrorProps('acceptSellerTerms', errors.acceptSellerTerms?.message)}
              />
              <span>
                {t('I accept the')}{' '}
                <Link to="/legal/terms-of-service" className="font-medium text-brand-800 underline">
                  {t('seller terms')}
                </Link>
                {t(
                  ": every sale I make through Amana is paid through escrow, and the buyer's money is released only as the terms say.",
                )}
              </span>
            </label>
            {errors.acceptSellerTerms ? (
              <p id="acceptSellerTerms-error" role="alert" className="mt-1 text-sm text-red-600">
                {t(errors.acceptSellerTerms.message ?? '')}
              </p>
            ) : null}
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          {existing?.published ? (
            <Link
              to={`/app/vendor/${existing.id}`}
              className="inline-flex h-10 items-center rounded-lg border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              {t('View my profile')}
            </Link>
          ) : null}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('Saving...') : t('Save Profile')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
