import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  ratingBodySchema,
  ratingReplyBodySchema,
  type TransactionRating,
} from '@escrow/shared/schemas/vendors';
import { RATING_TEXT } from '@escrow/shared/texts/vendors';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { Button } from '../../../../components/ui/button';
import { Card, CardTitle } from '../../../../components/ui/card';
import { Field, fieldErrorProps } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/panels';
import { ApiError } from '../../../../lib/api-client';
import { t } from '../../../../lib/i18n';
import { useNow } from '../../../../lib/use-now';
import { useReplyToRating, useSubmitRating } from '../../api/rating';

const failure = (error: unknown) =>
  error instanceof ApiError ? error.message : t('Could not save the rating');

export type RatingCardProps = { transaction: Transaction; given: TransactionRating | null };

/** The buyer rates the seller (editable for 7 days); the seller sees it and may reply once. */
export function RatingCard({ transaction, given }: RatingCardProps) {
  const [editing, setEditing] = useState(false);
  const now = useNow();
  const buyer = transaction.viewerRole === 'BUYER';
  const editable = given ? now.getTime() < new Date(given.editableUntil).getTime() : false;
  return (
    <Card id="rating" className="space-y-3">
      <CardTitle>{buyer ? t('Rate the seller') : t('Rating from the buyer')}</CardTitle>
      {given && !editing ? (
        <RatingView rating={given} />
      ) : buyer ? (
        <RatingForm id={transaction.id} existing={given} onDone={() => setEditing(false)} />
      ) : null}
      {buyer && given && !editing && editable ? (
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
          {t('Edit rating')}
        </Button>
      ) : null}
      {buyer && given && !editable ? <p className="text-xs text-slate-600">{t(RATING_TEXT.fixed)}</p> : null}
      {!buyer && given && given.reply === null ? <ReplyForm id={transaction.id} /> : null}
    </Card>
  );
}

function RatingView({ rating }: { rating: TransactionRating }) {
  return (
    <div className="text-sm text-slate-800">
      <p className="font-medium">
        {'★'.repeat(rating.rating)}
        {'☆'.repeat(5 - rating.rating)} <span>{t('{rating} out of 5', { rating: rating.rating })}</span>
        {rating.refunded ? (
          <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">{t('refunded')}</span>
        ) : null}
      </p>
      {rating.review ? <p className="mt-1 whitespace-pre-line break-words">{rating.review}</p> : null}
      {rating.reply ? (
        <p className="mt-2 border-l-2 border-brand-200 pl-2">
          <span className="font-medium">{t('Seller reply:')}</span> {rating.reply}
        </p>
      ) : null}
    </div>
  );
}

type RatingInput = z.input<typeof ratingBodySchema>;

function RatingForm({
  id,
  existing,
  onDone,
}: {
  id: string;
  existing: TransactionRating | null;
  onDone: () => void;
}) {
  const submit = useSubmitRating(id);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RatingInput>({
    resolver: zodResolver(ratingBodySchema),
    defaultValues: { rating: existing?.rating, review: existing?.review ?? '' },
  });
  const onValid = handleSubmit(async (values) => {
    try {
      await submit.mutateAsync({ edit: Boolean(existing), body: ratingBodySchema.parse(values) });
      toast.success(t(existing ? RATING_TEXT.updated : RATING_TEXT.created));
      onDone();
    } catch (error) {
      toast.error(failure(error));
    }
  });
  return (
    <form onSubmit={onValid} noValidate className="space-y-3">
      <fieldset aria-describedby={errors.rating ? 'rating-error' : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('Your rating')}</legend>
        {/* Controlled: a radio group's value is a string, the schema's rating a number. */}
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <div className="flex flex-wrap gap-3">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="flex items-center gap-1 text-sm text-slate-800">
                  <input
                    type="radio"
                    name={field.name}
                    value={n}
                    checked={field.value === n}
                    onChange={() => field.onChange(n)}
                    onBlur={field.onBlur}
                  />
                  {t('{n, plural, one {# star} other {# stars}}', { n })}
                </label>
              ))}
            </div>
          )}
        />
        {errors.rating ? (
          <p id="rating-error" role="alert" className="mt-1 text-sm text-red-600">
            {errors.rating.message ? t(errors.rating.message) : null}
          </p>
        ) : null}
      </fieldset>
      <Field
        id="review"
        label={t('Review (optional)')}
        error={errors.review?.message ? t(errors.review.message) : undefined}
      >
        <Textarea
          id="review"
          maxLength={500}
          {...register('review')}
          {...fieldErrorProps('review', errors.review?.message)}
        />
      </Field>
      <Button type="submit" disabled={submit.isPending}>
        {submit.isPending ? t('Saving...') : existing ? t('Save rating') : t('Submit rating')}
      </Button>
    </form>
  );
}

function ReplyForm({ id }: { id: string }) {
  const reply = useReplyToRating(id);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ reply: string }>({
    resolver: zodResolver(ratingReplyBodySchema),
    defaultValues: { reply: '' },
  });
  const onValid = handleSubmit(async (values) => {
    try {
      await reply.mutateAsync(values.reply);
      toast.success(t(RATING_TEXT.replySaved));
    } catch (error) {
      toast.error(failure(error));
    }
  });
  return (
    <form onSubmit={onValid} noValidate className="space-y-2">
      <Field
        id="rating-reply"
        label={t('Reply to the buyer (once)')}
        error={errors.reply?.message ? t(errors.reply.message) : undefined}
      >
        <Textarea
          id="rating-reply"
          maxLength={500}
          {...register('reply')}
          {...fieldErrorProps('rating-reply', errors.reply?.message)}
        />
      </Field>
      <Button type="submit" size="sm" disabled={reply.isPending}>
        {t('Post reply')}
      </Button>
    </form>
  );
}
