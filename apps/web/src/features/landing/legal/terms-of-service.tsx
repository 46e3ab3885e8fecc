import { msg } from '@escrow/shared/i18n/msg';
import { content } from '../../../config/content';
import { t } from '../../../lib/i18n';
import { fillSlots, slot } from '../lib/slots';
import type { LegalDocument } from './legal-document';

const { productName: name, supportEmail, registration } = content;

export const termsOfService: LegalDocument = {
  slug: 'terms-of-service',
  title: msg('Terms of Service'),
  summary: msg('The agreement between you and {name} when you use our escrow service.'),
  sections: [
    {
      heading: msg('About these terms'),
      body: () => (
        <p>
          {t(
            'These terms are a contract between you and {name} ({rcNumber}, registered in {country}). By creating an account or using the service you accept them. You must be at least 18 years old and able to enter a binding contract.',
            { name, rcNumber: registration.rcNumber, country: registration.country },
          )}
        </p>
      ),
    },
    {
      heading: msg('What we do, and what we do not'),
      body: () => (
        <p>
          {t(
            "{name} acts as a neutral escrow agent: we hold the buyer's payment and release it according to these terms. We are not the buyer or the seller, we do not own, inspect or guarantee the goods or services traded, and we are not a bank. The sale itself is between the buyer and the seller.",
            { name },
          )}
        </p>
      ),
    },
    {
      heading: msg('Your account and verification'),
      body: () => (
        <>
          <p>
            {t(
              'Give true and complete information and keep your password secret; you are responsible for activity on your account. As Nigerian rules require, we verify identities in levels, and each level has limits on deposits and withdrawals (escrow payments, releases and refunds are never limited):',
            )}
          </p>
          <ul>
            <li>
              {t('Basic: withdrawals up to ₦50,000 a day; wallet balance up to ₦300,000 after a deposit.')}
            </li>
            <li>{t('Enhanced (NIN verified): withdrawals up to ₦200,000 a day; balance up to ₦500,000.')}</li>
            <li>{t('Premium (BVN verified): withdrawals up to ₦5,000,000 a day; no balance cap.')}</li>
          </ul>
        </>
      ),
    },
    {
      heading: msg('How a transaction works'),
      body: () => (
        <ol>
          <li>
            {t(
              'One party creates the transaction as buyer or seller and shares the invitation. The other party joins and takes the opposite role. An invitation not accepted within 7 days expires and the transaction is cancelled.',
            )}
          </li>
          <li>
            {t(
              'The buyer pays the price plus our fee into escrow. Until then, either party may cancel. The seller should not ship before the payment is shown as secured.',
            )}
          </li>
          <li>
            {t('The seller ships with proof (tracking number and photos) or hands the item over in person.')}
          </li>
          <li>
            {t(
              "The buyer confirms receipt, and the price is released to the seller's wallet. Funds are also released if a release date the buyer set arrives while the transaction is waiting for the buyer's confirmation, or when a dispute is decided in the seller's favour.",
            )}
          </li>
        </ol>
      ),
    },
    {
      heading: msg('Fees'),
      body: () => (
        <ul>
          <li>
            {t(
              'A transaction fee of 2.5% of the price, paid by the buyer on top of the price and fixed when the transaction is created. The seller receives the full price.',
            )}
          </li>
          <li>{t('A withdrawal fee of ₦50, added to each withdrawal to a Nigerian bank account.')}</li>
          <li>
            {t(
              'If a dispute ends in a full refund, the buyer gets back the whole amount paid, fee included. If it ends in a partial refund, the fee is not refunded.',
            )}
          </li>
        </ul>
      ),
    },
    {
      heading: msg('Disputes'),
      body: () => (
        <p>
          {t(
            'Either party may raise a dispute after payment and before completion. While a dispute is open, no funds are released. Both parties may submit evidence; our team reviews every case, normally within 24-48 hours, and decides to release the funds, refund them in full, or split the price between buyer and seller. Our decision settles the funds held by us; it does not take away any right you have under Nigerian law, including the Federal Competition and Consumer Protection Act 2018.',
          )}
        </p>
      ),
    },
    {
      heading: msg('What you must not do'),
      body: () => (
        <p>
          {t(
            "Do not use {name} for anything illegal, including prohibited or stolen goods, fraud, money laundering or terrorist financing; do not create transactions with yourself, use someone else's identity, or try to interfere with the service. We may refuse, hold or report transactions as the law requires, and may suspend or close accounts that break these terms. Money we are not legally required to hold is returned to its owner.",
            { name },
          )}
        </p>
      ),
    },
    {
      heading: msg('Liability'),
      body: () => (
        <p>
          {t(
            'We are responsible for holding and moving funds as these terms describe. We are not liable for the quality, safety or legality of what is traded, for delays by couriers, banks or payment networks, or for indirect losses. Nothing in these terms limits liability that cannot be limited by law.',
          )}
        </p>
      ),
    },
    {
      heading: msg('Governing law'),
      body: () => (
        <p>
          {t(
            'These terms are governed by the laws of the Federal Republic of Nigeria. If a disagreement with us cannot be settled through our support team, it will be resolved by arbitration in Lagos under the Arbitration and Mediation Act 2023, unless the law gives you the right to go to court.',
          )}
        </p>
      ),
    },
    {
      heading: msg('Changes and contact'),
      body: () => (
        <p>
          {fillSlots(
            t(
              'We will announce changes to these terms by e-mail at least 14 days before they apply to open accounts. Questions: {email}.',
              { email: slot(0) },
            ),
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>,
          )}
        </p>
      ),
    },
  ],
};
