import { msg } from '@escrow/shared/i18n/msg';
import { PRIVACY_NOTICE_EFFECTIVE_DATE, PRIVACY_NOTICE_VERSION } from '@escrow/shared/texts/privacy-notice';
import type { ReactNode } from 'react';
import { content } from '../../../config/content';
import { t } from '../../../lib/i18n';
import { fillSlots, slot } from '../lib/slots';
import type { LegalDocument } from './legal-document';

const { productName: name, supportEmail, registration } = content;
const email = () => <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
/** A list item led by its bold label: `text` is a message with `{item}` where the label goes. */
const labelled = (label: string, text: string): ReactNode => fillSlots(text, <strong>{label}</strong>);

export const privacyPolicy: LegalDocument = {
  slug: 'privacy-policy',
  title: msg('Privacy Policy'),
  summary: msg(
    'How {name} collects, uses and protects your personal data under the Nigeria Data Protection Act 2023 (NDPA).',
  ),
  // Accounts record the version they accepted at sign-up: change it (packages/shared) with the text.
  version: { number: PRIVACY_NOTICE_VERSION, effective: PRIVACY_NOTICE_EFFECTIVE_DATE },
  sections: [
    {
      heading: msg('Who we are'),
      body: () => (
        <p>
          {fillSlots(
            t(
              '{name} ({rcNumber}, registered in {country}) runs an escrow service for buyers and sellers. For the personal data described here we are the data controller under the NDPA. You can reach us about anything in this policy at {email} (please write "Data protection" in the subject so it reaches our data protection officer).',
              { name, rcNumber: registration.rcNumber, country: registration.country, email: slot(0) },
            ),
            email(),
          )}
        </p>
      ),
    },
    {
      heading: msg('What we collect'),
      body: () => {
        const item = slot(0);
        return (
          <ul>
            <li>
              {labelled(
                t('Account details:'),
                t(
                  '{item} your name, e-mail address and a one-way hash of your password (we never store the password itself).',
                  { item },
                ),
              )}
            </li>
            <li>
              {labelled(
                t('Identity verification:'),
                t(
                  '{item} your NIN or BVN, date of birth, phone number and the identity documents you upload, because Nigerian law requires us to know our customers before money moves.',
                  { item },
                ),
              )}
            </li>
            <li>
              {labelled(
                t('Transactions:'),
                t(
                  '{item} what you buy or sell, prices, delivery addresses, tracking numbers, shipment photos, messages with the other party and dispute evidence.',
                  { item },
                ),
              )}
            </li>
            <li>
              {labelled(
                t('Payments and wallet:'),
                t(
                  '{item} deposits, withdrawals and the bank accounts you add for payouts. Card numbers are handled by our payment processor; we never see or store them.',
                  { item },
                ),
              )}
            </li>
            <li>
              {labelled(
                t('Waitlist:'),
                t(
                  '{item} your e-mail address, name, optional phone number and what you would use {name} for.',
                  { item, name },
                ),
              )}
            </li>
            <li>
              {labelled(
                t('Technical data:'),
                t(
                  '{item} IP address, browser and the time of requests, kept in server logs to keep the service secure.',
                  { item },
                ),
              )}
            </li>
          </ul>
        );
      },
    },
    {
      heading: msg('Why we use it and on what legal basis'),
      body: () => {
        const item = slot(0);
        return (
          <ul>
            <li>
              {labelled(
                t('To provide the service'),
                t(
                  '{item} (performance of our contract with you): running transactions, holding and releasing funds, payouts, support and dispute resolution.',
                  { item },
                ),
              )}
            </li>
            <li>
              {labelled(
                t('To meet legal obligations:'),
                t(
                  '{item} customer due diligence and record keeping under Central Bank of Nigeria (CBN) rules and the Money Laundering (Prevention and Prohibition) Act 2022, tax law, and lawful requests from regulators and courts.',
                  { item },
                ),
              )}
            </li>
            <li>
              {labelled(
                t('Legitimate interests:'),
                t(
                  '{item} preventing fraud, securing accounts and improving the service, always balanced against your rights.',
                  { item },
                ),
              )}
            </li>
            <li>
              {labelled(
                t('Consent:'),
                t(
                  '{item} waitlist and launch e-mails. You can withdraw consent at any time by replying to any e-mail or writing to us.',
                  { item },
                ),
              )}
            </li>
          </ul>
        );
      },
    },
    {
      heading: msg('Who we share it with'),
      body: () => (
        <>
          <p>{t('We do not sell personal data. We share only what each party needs:')}</p>
          <ul>
            <li>
              {t(
                'the other party to your transaction sees your name and, for deliveries, the delivery details;',
              )}
            </li>
            <li>
              {t(
                'licensed banks and payment processors that hold escrow funds and carry out payments and payouts;',
              )}
            </li>
            <li>{t('licensed identity verification providers that check NIN and BVN records;')}</li>
            <li>
              {t('service providers for hosting and e-mail, bound by contract to use the data only for us;')}
            </li>
            <li>{t('regulators, law enforcement and courts when the law requires it.')}</li>
          </ul>
          <p>
            {t(
              'If data is transferred outside Nigeria, we do so only where the NDPA allows it and with safeguards that keep it at the same level of protection.',
            )}
          </p>
        </>
      ),
    },
    {
      heading: msg('How long we keep it'),
      body: () => (
        <ul>
          <li>
            {t(
              'Money and transaction records (amounts, dates, the ledger, ratings, the files of a trade and our audit log): for as long as your account is open and after it closes, as anti-money-laundering law requires; your name and contact details are removed from them when you close your account.',
            )}
          </li>
          <li>
            {t(
              'Your profile, NIN, BVN (encrypted) and approved identity documents: while your account is open; they are deleted when you close it. Rejected identity documents: 30 days after the rejection.',
            )}
          </li>
          <li>{t('Sign-in history (device and address): 90 days after the session ended.')}</li>
          <li>{t('A copy of your data you asked for: 7 days after it is ready.')}</li>
          <li>
            {t('Waitlist entries: until twelve months after launch, or until you ask us to delete them.')}
          </li>
          <li>{t('Server logs: up to 90 days, unless needed to investigate a security incident.')}</li>
        </ul>
      ),
    },
    {
      heading: msg('How we protect it'),
      body: () => (
        <p>
          {t(
            'Connections are encrypted, passwords are stored as strong one-way hashes, access by our staff is limited to those who need it for their role and is logged, and identity numbers are masked wherever they are displayed. If a breach puts your rights at risk, we will inform the Nigeria Data Protection Commission (NDPC) within 72 hours and tell you without undue delay.',
          )}
        </p>
      ),
    },
    {
      heading: msg('Your rights'),
      body: () => (
        <>
          <p>{t('Under the NDPA you may ask us to:')}</p>
          <ul>
            <li>{t('give you a copy of your personal data and tell you how we use it;')}</li>
            <li>{t('correct data that is wrong or incomplete;')}</li>
            <li>{t('delete data we no longer need or have no lawful basis to keep;')}</li>
            <li>{t('restrict or object to certain processing, including direct marketing;')}</li>
            <li>{t('send your data to you or another provider in a common machine-readable format;')}</li>
            <li>{t('review any decision made about you solely by automated means.')}</li>
          </ul>
          <p>
            {fillSlots(
              t(
                'Signed in, Profile → Privacy lets you download your data and close your account, and Profile lets you correct your details. Otherwise write to {email}; we answer within 30 days. Some data must be kept by law even if you ask us to delete it; we will tell you when that applies. You may also complain to the Nigeria Data Protection Commission.',
                { email: slot(0) },
              ),
              email(),
            )}
          </p>
        </>
      ),
    },
    {
      heading: msg('Children'),
      body: () => (
        <p>
          {t('{name} is for people aged 18 or over. We do not knowingly collect data from children.', {
            name,
          })}
        </p>
      ),
    },
    {
      heading: msg('Changes to this policy'),
      body: () => (
        <p>
          {t(
            'We will post any change here with a new date and, for significant changes, tell account holders by e-mail before they take effect.',
          )}
        </p>
      ),
    },
  ],
};
