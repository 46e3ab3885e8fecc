import type {
  FeeDeliveryMethod,
  FeePaymentMethod,
  FeeTransactionType,
  RiskLevel,
} from '@escrow/shared/domain/fee-estimate';

export const TRANSACTION_TYPE_LABELS: Record<FeeTransactionType, string> = {
  GOODS: 'Goods',
  SERVICES: 'Services',
  DIGITAL: 'Digital',
  REAL_ESTATE: 'Real Estate',
};

export const DELIVERY_METHOD_LABELS: Record<FeeDeliveryMethod, string> = {
  PICKUP: 'Pickup',
  SHIPPING: 'Shipping',
  DIGITAL_DELIVERY: 'Digital Delivery',
};

export const PAYMENT_METHOD_LABELS: Record<FeePaymentMethod, string> = {
  BANK_TRANSFER: 'Bank Transfer',
  CARD: 'Card',
  CRYPTO: 'Crypto',
};

export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  VERY_HIGH: 'Very High',
};

/** Risk level colours, LOW to VERY_HIGH. */
export const RISK_LEVEL_CLASSES: Record<RiskLevel, string> = {
  LOW: 'bg-green-100 text-green-800 ring-green-600/20',
  MEDIUM: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20',
  HIGH: 'bg-orange-100 text-orange-800 ring-orange-600/20',
  VERY_HIGH: 'bg-red-100 text-red-800 ring-red-600/20',
};
