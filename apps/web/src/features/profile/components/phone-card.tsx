import { useState } from 'react';
import { toast } from 'sonner';
import type { PhoneStatus } from '@escrow/shared/schemas/phone';
import { PHONE_TEXT } from '@escrow/shared/texts/phone';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { usePhoneStatus } from '../../../lib/account-security-query';
import { t } from '../../../lib/i18n';
import { failureText } from '../../../lib/money-mutation';
import { useRemovePhone } from '../api/phone';
import { PhoneCodeForm, PhoneNumberForm } from './phone-forms';

/**
 * Profile → Security: the phone number text messages go to (docs/security.md "Phone
 * verification"). A Nigerian mobile number, verified by a 6-digit code sent by SMS; shown masked once
 * verified, with Remove. The number typed is kept here while its code is awaited, so "Send a new code"
 * need not ask for it again (the server shows it only masked).
 */
export function PhoneCard() {
  const status = usePhoneStatus();
  const [typedPhone, setTypedPhone] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);

  let body;
  if (status.isPending) body = <LoadingPanel label={t('Loading phone number...')} />;
  else if (status.isError) body = <ErrorPanel error={status.error} onRetry={() => void status.refetch()} />;
  else if (status.data.pending && !changing)
    body = (
      <PhoneCodeForm
        pending={status.data.pending}
        typedPhone={typedPhone}
        onChangeNumber={() => setChanging(true)}
        onVerified={() => setTypedPhone(null)}
      />
    );
  else if (status.data.phone && status.data.verifiedAt && !changing)
    body = <VerifiedPhone status={status.data} onChange={() => setChanging(true)} />;
  else
    body = (
      <PhoneNumberForm
        initialPhone={typedPhone ?? ''}
        onCancel={status.data.phone || status.data.pending ? () => setChanging(false) : undefined}
        onSent={(phone) => {
          setTypedPhone(phone);
          setChanging(false);
        }}
      />
    );

  return (
    <Card id="phone">
      <CardTitle>{t(PHONE_TEXT.title)}</CardTitle>
      <p className="mt-1 text-sm text-slate-600">{t(PHONE_TEXT.intro)}</p>
      {body}
    </Card>
  );
}

function VerifiedPhone({ status, onChange }: { status: PhoneStatus; onChange: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemovePhone();
  return (
    <div className="mt-3 space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-mono text-base text-slate-900" data-testid="verified-phone">
          {status.phone}
        </span>
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
          {t(PHONE_TEXT.verifiedBadge)}
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onChange}>
          {t(PHONE_TEXT.changeNumber)}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          {t(PHONE_TEXT.remove)}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={(open) => !remove.isPending && setConfirming(open)}
        title={t(PHONE_TEXT.removeTitle)}
        description={t(PHONE_TEXT.removeIntro)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              {t('Cancel')}
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.success(t(PHONE_TEXT.removed));
                  },
                  onError: (error) => toast.error(failureText(error, t('Failed to remove the phone number'))),
                })
              }
            >
              {t(remove.isPending ? PHONE_TEXT.removing : PHONE_TEXT.remove)}
            </Button>
          </>
        }
      />
    </div>
  );
}
