import { tradeAmounts } from '@escrow/shared/domain/fees';
import { formatMoney, toMajor, toMinor } from '@escrow/shared/domain/money';
import { shippingTypeFor, type PartyRole } from '@escrow/shared/domain/transaction-machine';
import type { PartnerCreateTransaction } from '@escrow/shared/schemas/partner';
import type { DbOrTx } from '../../db/client.ts';
import { invitations, transactions } from '../../db/schema/transactions.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { composeMail } from '../../lib/mail-compose.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { translate, type Language, type MessageParams } from '../../lib/i18n.ts';
import { recordActivity } from '../activities/index.ts';
import { savedLanguageOfAddress, userNameAndEmailOf } from '../auth/index.ts';
import type { TransactionsDeps } from './transactions.deps.ts';
import { sendMails } from './transactions.mails.ts';
import { INVITATION_TTL_MS, newInvitationCode } from './transactions.service.ts';
import { fullName } from './transactions.view.ts';

/** An invited party as the partner's request names them (docs/partner-api.md). */
export type Invitee = { email: string; firstName?: string | undefined; language?: Language | undefined };

/**
 * The language of a partner API invitation e-mail (docs/languages.md): the one the partner gave for
 * the invitee, else the saved language of an account with that address, else English (the invitee may
 * have no account yet; the partner's own language is not theirs).
 */
export async function inviteeLanguage(db: DbOrTx, invitee: Invitee): Promise<Language> {
  return invitee.language ?? (await savedLanguageOfAddress(db, invitee.email));
}

/**
 * POST /partner/v1/transactions with role BROKER (docs/partner-api.md): the key's owner brokers between
 * an invited buyer and an invited seller, for a commission taken from what the seller receives. The
 * trade has no party yet: its creator side (the seller) and counterparty (the buyer) fill as each joins
 * through their own addressed invitation; it stays PENDING until both have. Returns the new id; the
 * caller answers with the partner view. Money checks beyond the schema's are the database's CHECKs.
 */
export async function insertBrokeredTransaction(
  deps: TransactionsDeps,
  ownerId: string,
  keyId: string,
  input: PartnerCreateTransaction,
): Promise<string> {
  const { buyer, seller } = input;
  if (!seller) throw badRequest(msg('seller is required with role BROKER'));
  const priceMinor = toMinor(input.price);
  const commissionMinor = toMinor(input.commission ?? 0);
  if (priceMinor === null || commissionMinor === null) throw badRequest(msg('Invalid amount'));
  const amounts = tradeAmounts(priceMinor, input.feePayer);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  return deps.db.transaction(async (tx) => {
    const owner = await userNameAndEmailOf(tx, ownerId);
    if (!owner) throw new AppError('UNAUTHORIZED', msg('Authentication required'));
    // The broker takes no side of its own trade (the database refuses it too).
    const ownEmail = owner.email.toLowerCase();
    if (buyer.email === ownEmail || seller.email === ownEmail)
      throw badRequest(msg('The broker cannot be the buyer or the seller'));
    const [row] = await tx
      .insert(transactions)
      .values({
        description: input.description,
        currency: input.currency,
        price: priceMinor,
        fee: amounts.feeMinor,
        total: amounts.buyerPaysMinor,
        feePayer: input.feePayer,
        useCourier: input.useCourier,
        shippingType: shippingTypeFor(input.useCourier, input.shippingType),
        estimatedDeliveryDays: input.useCourier ? input.estimatedDeliveryDays : null,
        ...itemFields(input),
        creatorId: null,
        creatorRole: 'SELLER',
        brokerId: ownerId,
        commission: commissionMinor,
        status: 'PENDING',
        partnerReference: input.reference,
        partnerTitle: input.title,
        partnerMetadata: input.metadata ?? {},
        partnerKeyId: keyId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: transactions.id });
    const invite = (role: PartyRole, email: string) => ({
      code: newInvitationCode(),
      transactionId: row!.id,
      role,
      invitedEmail: email,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(invitations).values([invite('SELLER', seller.email), invite('BUYER', buyer.email)]);
    const brokerName = fullName({ ...owner, id: ownerId, profilePicture: null });
    await recordActivity(tx, {
      transactionId: row!.id,
      action: 'transaction_created',
      description: msg('Transaction created by {name} as broker'),
      params: { name: brokerName },
      userId: ownerId,
      userName: brokerName,
      // The activity feed knows buyer, seller and system: the broker is named in the description.
      userRole: 'SYSTEM',
      metadata: { amount: toMajor(amounts.buyerPaysMinor), currency: input.currency },
      at: now,
    });
    return row!.id;
  });
}

function itemFields(input: PartnerCreateTransaction) {
  return {
    itemType: input.itemType,
    itemCategory: input.itemCategory,
    itemCondition: input.itemCondition,
    itemQuantity: input.itemQuantity,
    itemBrand: input.itemBrand,
    itemModel: input.itemModel,
    itemSize: input.itemSize,
    itemColor: input.itemColor,
    itemWeight: input.itemWeight,
    itemDimensions: input.itemDimensions,
    itemSerialNumber: input.itemSerialNumber,
    itemWarranty: input.itemWarranty,
    itemOrigin: input.itemOrigin,
    itemAge: input.itemAge,
    specialInstructions: input.specialInstructions,
    returnPolicy: input.returnPolicy,
    transactionTerms: input.transactionTerms,
  };
}

/**
 * Each invited party is e-mailed their own link, in their own language (inviteeLanguage); the seller's
 * mail names the commission.
 */
/**
 * A partner API invitation e-mail in `language`: `subject` and `body` (ids, with `params`), then the
 * address rule and the invitation's link. The invitee is greeted by first name when the partner gave one.
 */
export function invitationMail(
  invitation: { email: string; joinUrl: string },
  firstName: string | undefined,
  language: Language,
  text: { subject: string; body: string; params: MessageParams },
) {
  return composeMail(
    invitation.email,
    translate(language, text.subject, text.params),
    [
      firstName
        ? translate(language, msg('Hello {firstName},'), { firstName })
        : translate(language, msg('Hello,')),
      translate(language, text.body, text.params),
      translate(
        language,
        msg(
          'Sign in or create an account with this e-mail address ({email}) to join: the invitation works only for it.',
        ),
        { email: invitation.email },
      ),
    ],
    { href: invitation.joinUrl, label: translate(language, msg('Open the invitation')) },
    language,
  );
}

export async function mailBrokeredInvitations(
  deps: TransactionsDeps,
  view: {
    id: string;
    title: string;
    currency: string;
    price: number;
    total: number;
    commission?: number;
    brokerName?: string;
    invitations: { role: PartyRole; email: string; joinUrl: string }[];
  },
  invitees: { BUYER: Invitee; SELLER?: Invitee | undefined },
) {
  // {named}: 'yes' with the broker's name in {broker}, else the texts say 'A partner'.
  const broker = { named: view.brokerName ? 'yes' : 'no', broker: view.brokerName ?? '' };
  const money = (major: number) => formatMoney(major, view.currency);
  const mails = view.invitations.map(async (invitation) => {
    const { firstName, language: given } = invitees[invitation.role] ?? {};
    // The invitation's address is the one the partner gave for that role, as stored.
    const language = await inviteeLanguage(deps.db, { email: invitation.email, language: given });
    const params = {
      ...broker,
      title: view.title,
      total: money(view.total),
      price: money(view.price),
      commission: money(view.commission ?? 0),
    };
    const arranged =
      invitation.role === 'BUYER'
        ? msg(
            '{named, select, yes {{broker}} other {A partner}} arranged an escrow transaction for "{title}". You pay {total} into escrow; it is held safely until you confirm you received what you paid for.',
          )
        : msg(
            '{named, select, yes {{broker}} other {A partner}} arranged an escrow transaction for "{title}". You sell it for {price}; {named, select, yes {{broker}} other {A partner}} takes a commission of {commission} from what you receive, paid when the money is released.',
          );
    return invitationMail(invitation, firstName, language, {
      subject: msg(
        '{named, select, yes {{broker}} other {A partner}} invited you to "{title}" as {role, select, BUYER {buyer} other {seller}} through escrow',
      ),
      body: arranged,
      params: { ...params, role: invitation.role },
    });
  });
  sendMails(deps, await Promise.all(mails), view.id);
}
