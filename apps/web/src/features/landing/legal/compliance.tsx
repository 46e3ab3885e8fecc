import { content } from '../../../config/content';
import type { LegalDocument } from './legal-document';

const { productName: name, supportEmail, registration } = content;

export const compliance: LegalDocument = {
  slug: 'compliance',
  title: 'Compliance',
  summary: `The rules ${name} follows, how customer money is held, and how to raise a concern.`,
  sections: [
    {
      heading: 'Company',
      body: (
        <ul>
          <li>
            Registered with the Corporate Affairs Commission in {registration.country}:{' '}
            {registration.rcNumber}.
          </li>
          <li>
            Registered for Value Added Tax with the Federal Inland Revenue Service: {registration.vatNumber}.
          </li>
        </ul>
      ),
    },
    {
      heading: 'How escrow funds are held',
      body: (
        <ul>
          <li>
            Customer money is held in dedicated escrow and collection accounts with licensed Nigerian banks
            and CBN-licensed payment service providers, separate from {name}&apos;s own operating money. It is
            never used to run the business, lent out or invested.
          </li>
          <li>
            Every movement is recorded in a double-entry ledger: each payment into escrow is a hold that is
            released to the seller or refunded to the buyer exactly once, and the ledger must always balance
            to zero. Balances are reconciled with the bank and payment provider statements.
          </li>
          <li>
            Our 2.5% fee becomes ours only when a transaction completes or a dispute ends in a partial refund;
            a full refund returns it to the buyer.
          </li>
        </ul>
      ),
    },
    {
      heading: 'Know your customer and anti-money laundering',
      body: (
        <p>
          We follow the Central Bank of Nigeria&apos;s tiered know-your-customer requirements: identities are
          verified with NIN and BVN, and limits rise with the level of verification. Under the Money
          Laundering (Prevention and Prohibition) Act 2022 and the Terrorism (Prevention and Prohibition) Act
          2022 we monitor transactions, keep records for at least five years, and report suspicious activity
          to the Nigerian Financial Intelligence Unit.
        </p>
      ),
    },
    {
      heading: 'Data protection',
      body: (
        <p>
          We process personal data in line with the Nigeria Data Protection Act 2023; our Privacy Policy
          explains what we collect and your rights. Card payments are processed by a payment provider
          certified to the PCI DSS standard; card numbers never reach our systems.
        </p>
      ),
    },
    {
      heading: 'Disputes and complaints',
      body: (
        <p>
          Disputes between buyers and sellers are reviewed by our team, normally within 24-48 hours, and funds
          stay frozen until a decision. A complaint about {name} itself can be sent to{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>; we acknowledge it within 48 hours. If you are
          not satisfied with our answer, you may take it to the Federal Competition and Consumer Protection
          Commission, or for data protection matters to the Nigeria Data Protection Commission.
        </p>
      ),
    },
    {
      heading: 'Reporting fraud or a security issue',
      body: (
        <p>
          If you suspect fraud on {name} or find a security weakness, write to{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with &quot;Security&quot; in the subject. We
          do not take action against people who report in good faith.
        </p>
      ),
    },
  ],
};
