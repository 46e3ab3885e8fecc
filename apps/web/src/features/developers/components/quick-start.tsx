import type { ReactNode } from 'react';
import { Card, CardTitle } from '../../../components/ui/card';
import { curlSnippet, RECEIVER_SNIPPET, VERIFY_SNIPPET } from '../lib/quick-start-snippets';
import { CopyButton } from '../../../components/copy-button';
import { t } from '../../../lib/i18n';
import { CodeText, codeMarks } from './code-text';

function CodeBlock({ code, what }: { code: string; what: string }) {
  return (
    <div className="relative">
      <pre
        // Focusable, so a keyboard can scroll a long line into view.
        tabIndex={0}
        role="region"
        aria-label={what}
        className="overflow-x-auto rounded-lg bg-slate-900 p-3 pr-20 font-mono text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <code>{code}</code>
      </pre>
      <div className="absolute right-2 top-2">
        <CopyButton text={code} what={what} />
      </div>
    </div>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="space-y-2">
      <h3 className="text-base font-semibold text-slate-900">
        {number}. {title}
      </h3>
      {children}
    </li>
  );
}

/**
 * From key to verified webhook in three steps, against this deployment (`origin`): a curl call creating
 * a partner transaction, and Node code checking an event's Standard Webhooks signature.
 */
export function QuickStart({ origin }: { origin: string }) {
  return (
    <Card role="region" aria-labelledby="quick-start-title" className="space-y-4">
      <CardTitle id="quick-start-title">{t('Quick start')}</CardTitle>
      <ol className="space-y-6">
        <Step number={1} title={t('Create a transaction for an order')}>
          <p className="text-sm text-slate-600">
            <CodeText
              text={t(
                'Put a key with the {scope} scope in {variable}. You are the seller; the buyer is e-mailed an invitation to pay into escrow. Repeating the call with the same {header} answers the first result instead of creating a second transaction.',
                codeMarks('scope', 'variable', 'header'),
              )}
              codes={{ scope: 'transactions:write', variable: 'AMANA_API_KEY', header: 'Idempotency-Key' }}
            />
          </p>
          <CodeBlock code={curlSnippet(origin)} what={t('curl command')} />
        </Step>
        <Step number={2} title={t('Verify each webhook')}>
          <p className="text-sm text-slate-600">
            <CodeText
              text={t(
                'Events follow the Standard Webhooks specification. Check the signature against the raw body, before parsing it, with the endpoint’s signing secret ({secret}).',
                codeMarks('secret'),
              )}
              codes={{ secret: 'whsec_…' }}
            />
          </p>
          <CodeBlock code={VERIFY_SNIPPET} what={t('Node verification code')} />
        </Step>
        <Step number={3} title={t('Answer 2xx quickly')}>
          <p className="text-sm text-slate-600">
            {t(
              'Anything else, or no answer within 10 seconds, is retried: after 5 seconds, 5 minutes, 30 minutes, then over about a day. Use “Send test” above to try your receiver.',
            )}
          </p>
          <CodeBlock code={RECEIVER_SNIPPET} what={t('Node receiver code')} />
        </Step>
      </ol>
      <p className="text-sm text-slate-600">
        {t('Every route and field is in the')}{' '}
        <a href="/api/docs" className="font-medium text-brand-800 underline">
          {t('API reference')}
        </a>
        .
      </p>
    </Card>
  );
}
