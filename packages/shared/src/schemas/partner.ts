import { z } from 'zod';
import type { Clock } from '../domain/clock.ts';
import { isValidCommission } from '../domain/commission.ts';
import { toMinor } from '../domain/money.ts';
import { DEFAULT_PRICE_BOUNDS, type PriceBounds } from '../domain/price-bounds.ts';
import { LANGUAGES, matchLanguage } from '../i18n/languages.ts';
import { transactionSchema } from './transaction-shapes.ts';
import {
  refineMilestones,
  refinePriceBounds,
  refineShippingType,
  transactionDraftSchemaFor,
  transactionStatusSchema,
} from './transactions.ts';
import { msg } from '../i18n/msg.ts';

/**
 * The partner API (docs/partner-api.md): API keys a signed-in user manages under
 * /api/developer, and the transaction routes a key reaches under /api/partner/v1. Role SELLER (the owner
 * sells) or BROKER (the owner brokers between an invited buyer and seller, for a commission).
 */
export const PARTNER_ROLES = ['SELLER', 'BROKER'] as const;
export type PartnerRole = (typeof PARTNER_ROLES)[number];
export const API_KEY_SCOPES = ['transactions:read', 'transactions:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_MAX_PER_USER = 20;
export const PARTNER_METADATA_MAX_KEYS = 20;
export const PARTNER_METADATA_KEY_MAX = 100;
export const PARTNER_METADATA_VALUE_MAX = 500;
export const PARTNER_REFERENCE_MAX = 100;

export const PARTNER_TEXT = {
  keyCreated: msg('API key created. Copy it now: it will not be shown again.'),
  keyRevoked: msg('API key revoked'),
  keyNotFound: msg('API key not found'),
  // The numbers below are the constants above written out (english-messages.test.ts checks them).
  tooManyKeys: msg('You can have at most 20 API keys'),
  liveNeedsEnhanced: msg('Live API keys need your identity verified at Enhanced level or above'),
  scopesRequired: msg('Choose at least one scope'),
  missingScope: (scope: ApiKeyScope) => `This API key lacks the ${scope} scope`,
  missingScopeMessage: msg('This API key lacks the {scope} scope'),
  invalidKey: msg('Invalid or revoked API key'),
  duplicateReference: msg('A transaction with this reference already exists'),
  notSeller: msg('Only the seller can take this step'),
  metadataKeys: msg('Metadata can have at most 20 keys'),
  metadataKey: msg('Metadata keys must have 1 to 100 characters'),
  metadataValue: msg('Metadata values must be text of at most 500 characters'),
  created: msg('Transaction created. The buyer has been sent the invitation.'),
  createdBrokered: msg('Transaction created. The buyer and the seller have been sent their invitations.'),
  role: msg('role must be SELLER or BROKER'),
  sellerRequired: msg('seller is required with role BROKER'),
  sellerOnlyForBroker: msg('seller is only for role BROKER (with role SELLER you are the seller)'),
  commissionOnlyForBroker: msg('commission is only for role BROKER'),
  commissionTooHigh: msg('commission must be at most 20% of the price'),
  commissionDecimals: msg('commission must be a non-negative amount with at most 2 decimal places'),
  brokerNoMilestones: msg('Milestones are not available with role BROKER'),
  samePerson: msg('buyer and seller must have different e-mail addresses'),
  // The codes are LANGUAGES written out (partner.invitation-language.test.ts checks them).
  language: msg('language must be en, pcm, yo, ha or ig (a region may follow, as in yo-NG)'),
} as const;

export const createApiKeyBodySchema = z.object({
  name: z
    .string({ error: msg('Name is required') })
    .trim()
    .min(1, msg('Name is required'))
    .max(100, msg('Name is too long')),
  scopes: z
    .array(z.enum(API_KEY_SCOPES), { error: PARTNER_TEXT.scopesRequired })
    .min(1, PARTNER_TEXT.scopesRequired)
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateApiKeyBody = z.output<typeof createApiKeyBodySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key (`amk_test_ab12…`), enough to tell keys apart. */
  prefix: z.string(),
  mode: z.enum(['test', 'live']),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListAnswerSchema = z.object({ apiKeys: z.array(apiKeySchema) });
/** `key` is the whole secret, answered this once. */
export const apiKeyCreatedAnswerSchema = z.object({ apiKey: apiKeySchema, key: z.string() });

export const partnerMetadataSchema = z
  .record(
    z.string().min(1, PARTNER_TEXT.metadataKey).max(PARTNER_METADATA_KEY_MAX, PARTNER_TEXT.metadataKey),
    z
      .string({ error: PARTNER_TEXT.metadataValue })
      .max(PARTNER_METADATA_VALUE_MAX, PARTNER_TEXT.metadataValue),
  )
  .refine((value) => Object.keys(value).length <= PARTNER_METADATA_MAX_KEYS, PARTNER_TEXT.metadataKeys);

const optionalName = z.string().trim().min(1).max(60).optional();

/**
 * The invitee's language for the invitation e-mail (docs/languages.md): a code of LANGUAGES, with or
 * without region, in any case ('yo', 'yo-NG', 'pcm_NG'), answered as the code (matchLanguage, as for
 * Accept-Language). A language tag is short: 35 characters bounds what is read.
 */
export const partnerInviteeLanguageSchema = z
  .string({ error: PARTNER_TEXT.language })
  .max(35, PARTNER_TEXT.language)
  .transform(matchLanguage)
  .pipe(z.enum(LANGUAGES, { error: PARTNER_TEXT.language }));

const partySchema = (required: string) =>
  z.object({
    email: z
      .string({ error: required })
      .trim()
      .toLowerCase()
      .max(254, msg('Invalid email address'))
      .pipe(z.email(msg('Invalid email address'))),
    firstName: optionalName,
    lastName: optionalName,
    phone: z.string().trim().min(5).max(30).optional(),
    language: partnerInviteeLanguageSchema
      .optional()
      .describe(
        `The language of the invitation e-mail: ${LANGUAGES.join(', ')}, with or without a region (yo-NG). Without it, the saved language of an account with this e-mail, else English.`,
      ),
  });

/** The invited seller of a BROKER transaction: addressed by e-mail, like the buyer. */
export const partnerSellerSchema = partySchema(msg('Seller e-mail is required'));

/** The invited buyer: addressed by e-mail (the account may not exist yet). */
export const partnerBuyerSchema = partySchema(msg('Buyer e-mail is required'));

const draftOf = (clock: Clock) =>
  transactionDraftSchemaFor(clock).pick({
    description: true,
    currency: true,
    price: true,
    feePayer: true,
    shippingType: true,
    milestones: true,
    estimatedDeliveryDays: true,
    itemType: true,
    itemCategory: true,
    itemCondition: true,
    itemQuantity: true,
    itemBrand: true,
    itemModel: true,
    itemSize: true,
    itemColor: true,
    itemWeight: true,
    itemDimensions: true,
    itemSerialNumber: true,
    itemWarranty: true,
    itemOrigin: true,
    itemAge: true,
    specialInstructions: true,
    returnPolicy: true,
    transactionTerms: true,
  });

/** POST /api/partner/v1/transactions. No courier step unless asked; the buyer pays the fee by default. */
export const partnerCreateTransactionSchemaFor = (clock: Clock, bounds: PriceBounds = DEFAULT_PRICE_BOUNDS) =>
  draftOf(clock)
    .extend({
      role: z.enum(PARTNER_ROLES, { error: PARTNER_TEXT.role }),
      reference: z
        .string({ error: msg('reference is required') })
        .trim()
        .min(1, msg('reference is required'))
        .max(PARTNER_REFERENCE_MAX, msg('reference must be at most 100 characters')),
      title: z
        .string({ error: msg('title is required') })
        .trim()
        .min(1, msg('title is required'))
        .max(200, msg('title must be at most 200 characters')),
      useCourier: z.boolean().default(false),
      buyer: partnerBuyerSchema,
      /** BROKER only (required there): the invited seller. */
      seller: partnerSellerSchema.optional(),
      /** BROKER only: the broker's commission in major units, at most 20% of the price (default 0). */
      commission: z.number({ error: PARTNER_TEXT.commissionDecimals }).optional(),
      metadata: partnerMetadataSchema.optional(),
    })
    .superRefine(refinePriceBounds(bounds))
    .superRefine(refineShippingType)
    .superRefine(refineMilestones)
    .superRefine(refineBroker);
export type PartnerCreateTransaction = z.output<ReturnType<typeof partnerCreateTransactionSchemaFor>>;

/** The rules of role BROKER (docs/partner-api.md): seller and commission belong to it alone. */
function refineBroker(
  value: {
    role: PartnerRole;
    price: number;
    commission?: number | undefined;
    seller?: { email: string } | undefined;
    buyer: { email: string };
    milestones?: unknown[] | undefined;
  },
  ctx: z.RefinementCtx,
) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (value.role === 'SELLER') {
    if (value.seller !== undefined) issue('seller', PARTNER_TEXT.sellerOnlyForBroker);
    if (value.commission !== undefined) issue('commission', PARTNER_TEXT.commissionOnlyForBroker);
    return;
  }
  if (!value.seller) issue('seller', PARTNER_TEXT.sellerRequired);
  else if (value.seller.email === value.buyer.email) issue('seller', PARTNER_TEXT.samePerson);
  if (value.milestones?.length) issue('milestones', PARTNER_TEXT.brokerNoMilestones);
  if (value.commission === undefined) return;
  const commission = toMinor(value.commission);
  const price = toMinor(value.price);
  if (commission === null || commission < 0) issue('commission', PARTNER_TEXT.commissionDecimals);
  else if (price !== null && !isValidCommission(commission, price))
    issue('commission', PARTNER_TEXT.commissionTooHigh);
}

export const partnerInvitationSchema = z.object({
  role: z.enum(['BUYER', 'SELLER']),
  email: z.string(),
  inviteCode: z.string(),
  /** The app's join link for the code, on the public URL. */
  joinUrl: z.string(),
});

/** The user's transaction view plus the partner's fields and the addressed invitations. */
export const partnerTransactionSchema = transactionSchema.extend({
  reference: z.string(),
  title: z.string(),
  metadata: z.record(z.string(), z.string()),
  invitations: z.array(partnerInvitationSchema),
});
export type PartnerTransaction = z.infer<typeof partnerTransactionSchema>;
export const partnerTransactionAnswerSchema = z.object({ transaction: partnerTransactionSchema });

export const partnerListQuerySchema = z.object({
  reference: z.string().trim().min(1).max(PARTNER_REFERENCE_MAX).optional(),
  status: transactionStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type PartnerListQuery = z.output<typeof partnerListQuerySchema>;
export const partnerTransactionListSchema = z.object({
  transactions: z.array(partnerTransactionSchema),
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
});
