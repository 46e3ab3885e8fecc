import type { DisputeType } from '@escrow/shared/domain/disputes';
import CardIcon from 'lucide-react/icons/credit-card';
import HelpIcon from 'lucide-react/icons/circle-help';
import ShieldIcon from 'lucide-react/icons/shield-check';
import StarIcon from 'lucide-react/icons/star';
import TruckIcon from 'lucide-react/icons/truck';

const ICONS: Record<DisputeType, typeof HelpIcon> = {
  PAYMENT: CardIcon,
  DELIVERY: TruckIcon,
  QUALITY: StarIcon,
  FRAUD: ShieldIcon,
  OTHER: HelpIcon,
};

/** An icon per type (PAYMENT, DELIVERY, QUALITY, FRAUD, other). */
export function DisputeTypeIcon({ type, className = 'h-5 w-5' }: { type: DisputeType; className?: string }) {
  const Icon = ICONS[type] ?? HelpIcon;
  return <Icon className={className} />;
}
