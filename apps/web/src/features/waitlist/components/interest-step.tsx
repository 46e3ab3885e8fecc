import { WAITLIST_INTERESTS, WAITLIST_INTEREST_LABELS } from '@escrow/shared/schemas/waitlist';
import { t } from '../../../lib/i18n';
import type { WaitlistWizard } from '../hooks/use-waitlist-wizard';

/** Step 2: individual, business or marketplace (individual by default). */
export function InterestStep({ wizard }: { wizard: WaitlistWizard }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">
        {t('What would you use Amana Escrow for?')}
      </legend>
      <div className="mt-3 grid gap-3">
        {WAITLIST_INTERESTS.map((interest) => {
          const { title, description } = WAITLIST_INTEREST_LABELS[interest];
          const checked = wizard.form.interest === interest;
          const field = wizard.methods.register('interest');
          return (
            <label
              key={interest}
              className={`flex cursor-pointer gap-3 rounded-xl border p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 ${
                checked ? 'border-brand-700 bg-brand-50' : 'border-slate-300 hover:border-slate-400'
              }`}
            >
              <input type="radio" value={interest} {...field} className="mt-1 h-4 w-4 accent-brand-700" />
              <span>
                <span className="block font-semibold text-slate-900">{t(title)}</span>
                <span className="block text-sm text-slate-600">{t(description)}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
