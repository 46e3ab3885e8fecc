import type {
  FeeDeliveryMethod,
  FeePaymentMethod,
  FeeTransactionType,
  RiskLevel,
} from '@escrow/shared/domain/fee-estimate';
import { msg } from '@escrow/shared/i18n/msg';

// Messages (msg): the screens show them with t().
export const TRANSACTION_TYPE_LABELS: Record<FeeTransactionType, string> = {
  GOODS: msg('Goods'),
  SERVICES: msg('Services'),
  DIGITAL: msg('Digital'),
  REAL_ESTATE: msg('Real Estate'),
};

export const DELIVERY_METHOD_LABELS: Record<FeeDeliveryMethod, string> = {
  PICKUP: msg('Pickup'),
  SHIPPING: msg('Shipping'),
  DIGITAL_DELIVERY: msg('Digital Delivery'),
};

export const PAYMENT_METHOD_LABELS: Record<FeePaymentMethod, string> = {
  BANK_TRANSFER: msg('Bank Transfer'),
  CARD: msg('Card'),
  CRYPTO: msg('Crypto'),
};

/** The risk badge's text for each level. */
export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = {
  LOW: msg('Low risk'),
  MEDIUM: msg('Medium risk'),
  HIGH: msg('High risk'),
  VERY_HIGH: msg('Very High risk'),
};

/** Risk level colours, LOW to VERY_HIGH. */
export const RISK_LEVEL_CLASSES: Record<RiskLevel, string> = {
  LOW: 'bg-green-100 text-green-800 ring-green-600/20',
  MEDIUM: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20',
  HIGH: 'bg-orange-100 text-orange-800 ring-orange-600/20',
  VERY_HIGH: 'bg-red-100 text-red-800 ring-red-600/20',
};
