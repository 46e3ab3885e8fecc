import { TRANSACTION_FEE_PERCENT } from '@escrow/shared/domain/fees';
import { msg } from '@escrow/shared/i18n/msg';
import type { ComponentType } from 'react';
import BadgeCheckIcon from 'lucide-react/icons/badge-check';
import LinkIcon from 'lucide-react/icons/link';
import PercentIcon from 'lucide-react/icons/percent';
import ScaleIcon from 'lucide-react/icons/scale';
import ShieldIcon from 'lucide-react/icons/shield-check';
import TruckIcon from 'lucide-react/icons/truck';
import WalletIcon from 'lucide-react/icons/wallet';

/** `title` and `text` are English message ids (shown through t()); `params` fills the text's placeholders. */
export type FeatureSlide = {
  title: string;
  text: string;
  params?: Record<string, string>;
  Icon: ComponentType<{ className?: string }>;
};

// Each slide states something the product really does (docs/product.md), not a marketing promise.
const escrow: FeatureSlide = {
  title: msg('Escrow protection'),
  text: msg(
    'Your payment is held in escrow until you confirm the item arrived as described. Only then is it released to the seller.',
  ),
  Icon: ShieldIcon,
};
const verified: FeatureSlide = {
  title: msg('Verified trading partners'),
  text: msg(
    'Identity checks with NIN and BVN raise a trader’s verification level and trust score, so you know who is on the other side.',
  ),
  Icon: BadgeCheckIcon,
};
const wallet: FeatureSlide = {
  title: msg('A wallet for your trades'),
  text: msg('Top up your wallet, pay for transactions from it and withdraw to your Nigerian bank account.'),
  Icon: WalletIcon,
};
const disputes: FeatureSlide = {
  title: msg('Fair dispute resolution'),
  text: msg(
    'If something goes wrong, raise a dispute: the funds stay frozen until our support team has reviewed the case.',
  ),
  Icon: ScaleIcon,
};
const tracking: FeatureSlide = {
  title: msg('Live tracking'),
  text: msg('Every step, from payment to shipment to delivery, updates live for both buyer and seller.'),
  Icon: TruckIcon,
};
const invite: FeatureSlide = {
  title: msg('Start a trade in minutes'),
  text: msg('Create a transaction as buyer or seller and invite the other party with a link or code.'),
  Icon: LinkIcon,
};
const fee: FeatureSlide = {
  title: msg('One clear fee'),
  text: msg(
    'A flat {percent}% on top of the price, shown before anyone pays. The seller receives the full price.',
  ),
  params: { percent: String(TRANSACTION_FEE_PERCENT) },
  Icon: PercentIcon,
};

/** Sign-in: 5 slides every 4 s; sign-up: 6 slides every 5 s. */
export const SIGN_IN_CAROUSEL = { slides: [escrow, verified, wallet, disputes, tracking], intervalMs: 4000 };
export const SIGN_UP_CAROUSEL = {
  slides: [escrow, invite, fee, wallet, tracking, disputes],
  intervalMs: 5000,
};
