import * as Dialog from '@radix-ui/react-dialog';
import CloseIcon from 'lucide-react/icons/x';
import type { RefObject } from 'react';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';
import { useWaitlistWizard } from '../hooks/use-waitlist-wizard';
import { DetailsStep } from './details-step';
import { InterestStep } from './interest-step';
import { ReviewStep } from './review-step';
import { StepIndicator } from './step-indicator';
import { SuccessView } from './success-view';
import { buttonClass } from './waitlist-styles';

export type WaitlistModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Join button that opened the modal gets the focus back on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

const STEP_TITLES = { 1: msg('Your details'), 2: msg('Your interest'), 3: msg('Review') } as const;

/** The waitlist modal: three steps and a success view, Escape closes (Radix Dialog). */
export default function WaitlistModal({ open, onOpenChange, returnFocusTo }: WaitlistModalProps) {
  const wizard = useWaitlistWizard();
  const { step } = wizard;

  function handleOpenChange(next: boolean) {
    if (!next) wizard.closed();
    onOpenChange(next);
  }

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[92dvh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-7"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-bold text-slate-900">
                {step === 'success' ? t("You're on the list!") : t('Join the Waitlist')}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">
                {step === 'success'
                  ? t('Thank you for your interest in Amana Escrow.')
                  : t('Step {step} of {count}: {title}', { step, count: 3, title: t(STEP_TITLES[step]) })}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={t('Close')}
              className="-mr-2 -mt-1 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <CloseIcon className="h-5 w-5" />
            </Dialog.Close>
          </div>

          {step === 'success' ? (
            <SuccessView wizard={wizard} />
          ) : (
            <form
              className="mt-5"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (step === 3) void wizard.submit();
                else void wizard.next();
              }}
            >
              <StepIndicator current={step} />
              <div className="mt-5">
                {step === 1 ? <DetailsStep wizard={wizard} /> : null}
                {step === 2 ? <InterestStep wizard={wizard} /> : null}
                {step === 3 ? <ReviewStep wizard={wizard} /> : null}
              </div>
              <div className="mt-6 flex items-center justify-between gap-3">
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  onClick={wizard.previous}
                  disabled={step === 1 || wizard.submitting}
                >
                  {t('Previous')}
                </button>
                {step === 3 ? (
                  <button type="submit" className={buttonClass('primary')} disabled={wizard.submitting}>
                    {wizard.submitting ? t('Joining...') : t('Join Waitlist')}
                  </button>
                ) : (
                  <button type="submit" className={buttonClass('primary')}>
                    {t('Next')}
                  </button>
                )}
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
