import type { DisputeType } from '@escrow/shared/domain/disputes';
import { CardIcon, HelpIcon, ShieldIcon, StarIcon, TruckIcon } from '../../../components/ui/icons';

const ICONS: Record<DisputeType, typeof HelpIcon> = {
  PAYMENT: CardIcon,
  DELIVERY: TruckIcon,
  QUALITY: StarIcon,
  FRAUD: ShieldIcon,
  OTHER: HelpIcon,
};

/** Spec 02 §2.8: an icon per type (PAYMENT, DELIVERY, QUALITY, FRAUD, other). */
export function DisputeTypeIcon({ type, className = 'h-5 w-5' }: { type: DisputeType; className?: string }) {
  const Icon = ICONS[type] ?? HelpIcon;
  return <Icon className={className} />;
}
