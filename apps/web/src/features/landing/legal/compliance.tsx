import { msg } from '@escrow/shared/i18n/msg';
import { content } from '../../../config/content';
import { t } from '../../../lib/i18n';
import { fillSlots, slot } from '../lib/slots';
import type { LegalDocument } from './legal-document';

const { productName: name, supportEmail, registration } = content;
const email = () => <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;

export const compliance: LegalDocument = {
  slug: 'compliance',
  title: msg('Compliance'),
  summary: msg('The rules {name} follows, how customer money is held, and how to raise a concern.'),
  sections: [
    {
      heading: msg('Company'),
      body: () => (
        <ul>
          <li>
            {t('Registered with the Corporate Affairs Commission in {country}: {rcNumber}.', {
              country: registration.country,
              rcNumber: registration.rcNumber,
            })}
          </li>
          <li>
            {t('Registered for Value Added Tax with the Federal Inland Revenue Service: {vatNumber}.', {
              vatNumber: registration.vatNumber,
            })}
          </li>
        </ul>
      ),
    },
    {
      heading: msg('How escrow funds are held'),
      body: () => (
        <ul>
          <li>
            {t(
              "Customer money is held in dedicated escrow and collection accounts with licensed Nigerian banks and CBN-licensed payment service providers, separate from {name}'s own operating money. It is never used to run the business, lent out or invested.",
              { name },
            )}
          </li>
          <li>
            {t(
              'Every movement is recorded in a double-entry ledger: each payment into escrow is a hold that is released to the seller or refunded to the buyer exactly once, and the ledger must always balance to zero. Balances are reconciled with the bank and payment provider statements.',
            )}
          </li>
          <li>
            {t(
              'Our 2.5% fee becomes ours only when a transaction completes or a dispute ends in a partial refund; a full refund returns it to the buyer.',
            )}
          </li>
        </ul>
      ),
    },
    {
      heading: msg('Know your customer and anti-money laundering'),
      body: () => (
        <p>
          {t(
            "We follow the Central Bank of Nigeria's tiered know-your-customer requirements: identities are verified with NIN and BVN, and limits rise with the level of verification. Under the Money Laundering (Prevention and Prohibition) Act 2022 and the Terrorism (Prevention and Prohibition) Act 2022 we monitor transactions, keep records for at least five years, and report suspicious activity to the Nigerian Financial Intelligence Unit.",
          )}
        </p>
      ),
    },
    {
      heading: msg('Data protection'),
      body: () => (
        <p>
          {t(
            'We process personal data in line with the Nigeria Data Protection Act 2023; our Privacy Policy explains what we collect and your rights. Card payments are processed by a payment provider certified to the PCI DSS standard; card numbers never reach our systems.',
          )}
        </p>
      ),
    },
    {
      heading: msg('Disputes and complaints'),
      body: () => (
        <p>
          {fillSlots(
            t(
              'Disputes between buyers and sellers are reviewed by our team, normally within 24-48 hours, and funds stay frozen until a decision. A complaint about {name} itself can be sent to {email}; we acknowledge it within 48 hours. If you are not satisfied with our answer, you may take it to the Federal Competition and Consumer Protection Commission, or for data protection matters to the Nigeria Data Protection Commission.',
              { name, email: slot(0) },
            ),
            email(),
          )}
        </p>
      ),
    },
    {
      heading: msg('Reporting fraud or a security issue'),
      body: () => (
        <p>
          {fillSlots(
            t(
              'If you suspect fraud on {name} or find a security weakness, write to {email} with "Security" in the subject. We do not take action against people who report in good faith.',
              { name, email: slot(0) },
            ),
            email(),
          )}
        </p>
      ),
    },
  ],
};
