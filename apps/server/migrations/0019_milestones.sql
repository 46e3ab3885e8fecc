CREATE TABLE "transaction_milestones" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"amount" bigint NOT NULL,
	"due_date" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"delivered_at" timestamp with time zone,
	"delivery_note" text,
	"delivery_shipment" jsonb,
	"delivery_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auto_release_at" timestamp with time zone,
	"auto_release_reminder48_sent_at" timestamp with time zone,
	"auto_release_reminder24_sent_at" timestamp with time zone,
	"inspection_extended_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_milestones_amount_positive" CHECK ("transaction_milestones"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_status_valid";--> statement-breakpoint
ALTER TABLE "escrow_holds" ADD COLUMN "released" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "has_milestones" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_milestones" ADD CONSTRAINT "transaction_milestones_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_milestones_position_idx" ON "transaction_milestones" USING btree ("transaction_id","position");--> statement-breakpoint
CREATE INDEX "transaction_milestones_auto_release_idx" ON "transaction_milestones" USING btree ("auto_release_at") WHERE "transaction_milestones"."status" = 'DELIVERED';--> statement-breakpoint
ALTER TABLE "escrow_holds" ADD CONSTRAINT "escrow_holds_released_within" CHECK ("escrow_holds"."released" >= 0 and "escrow_holds"."released" < "escrow_holds"."amount");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_status_valid" CHECK (status in ('PENDING', 'ACTIVE', 'WAITING_FOR_PAYMENT', 'WAITING_FOR_SHIPMENT', 'WAITING_FOR_BUYER_CONFIRMATION', 'WAITING_FOR_HANDOVER', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'DISPUTED'));--> statement-breakpoint
-- Hand-written (drizzle-kit does not manage functions): migration 0015's ledger_resolve_escrow, resolving
-- what is left of the hold once parts were released (escrow_holds.released), instead of the whole amount.
CREATE OR REPLACE FUNCTION ledger_resolve_escrow(
  p jsonb,
  p_accounts jsonb,
  p_lock_ranks jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_transaction_id text := p->>'transactionId';
  v_key text := p->>'idempotencyKey';
  v_release boolean := p->>'status' = 'RELEASED';
  v_hold escrow_holds;
  v_read escrow_holds;
  v_seller text;
  v_legs jsonb;
  v_describe text[];
  v_replay jsonb;
  v_posted jsonb;
BEGIN
  -- Accounts the entry will need that TypeScript has not described yet (a first credit to a wallet,
  -- the first fee in a currency): ask for them before writing anything.
  SELECT * INTO v_read FROM escrow_holds WHERE transaction_id = v_transaction_id;
  IF FOUND AND v_read.status = 'HELD' THEN
    v_legs := ledger_escrow_legs(p, v_read);
    SELECT array_agg(DISTINCT leg->>'code') INTO v_describe
      FROM jsonb_array_elements(v_legs) AS leg
     WHERE p_accounts->(leg->>'code') IS NULL
       AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.code = leg->>'code');
    IF v_describe IS NOT NULL THEN
      RETURN jsonb_build_object('describe', to_jsonb(v_describe), 'currency', v_read.currency);
    END IF;
  END IF;

  -- A replayed key means this hold was already resolved by it: the guarded update finds nothing.
  UPDATE escrow_holds SET status = p->>'status', resolved_at = now(), updated_at = now()
   WHERE transaction_id = v_transaction_id AND status = 'HELD'
  RETURNING * INTO v_hold;
  IF NOT FOUND THEN
    v_replay := ledger_escrow_replay(v_transaction_id, v_key);
    IF v_replay IS NOT NULL THEN
      RETURN v_replay;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM escrow_holds WHERE transaction_id = v_transaction_id) THEN
      RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'CONFLICT',
        MESSAGE = 'Escrow is not funded for this transaction';
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'CONFLICT', MESSAGE = 'Escrow has already been resolved';
  END IF;
  -- What is left of the hold after its part releases (a milestone trade's accepted milestones).
  IF (p->>'total')::bigint <> v_hold.amount - v_hold.released THEN
    RAISE EXCEPTION USING ERRCODE = 'LG001',
      MESSAGE = format('Resolution of %s does not match the %s left of the hold', p->>'total',
                       v_hold.amount - v_hold.released);
  END IF;
  v_seller := CASE WHEN v_release THEN p->>'sellerId' ELSE coalesce(p->>'sellerId', v_hold.seller_id) END;
  -- As before, an empty seller id counts as none (no seller leg), though the metadata keeps it.
  IF NOT v_release AND (p->>'sellerAmountMinor')::bigint > 0 AND coalesce(v_seller, '') = '' THEN
    RAISE EXCEPTION USING ERRCODE = 'LG001', MESSAGE = 'A refund that pays the seller needs the seller id';
  END IF;

  -- The legs read above, unless the hold was not HELD then or its parties differ in the row now locked.
  IF v_legs IS NULL OR (v_hold.currency, v_hold.buyer_id, v_hold.seller_id)
                       IS DISTINCT FROM (v_read.currency, v_read.buyer_id, v_read.seller_id) THEN
    v_legs := ledger_escrow_legs(p, v_hold);
  END IF;
  v_posted := ledger_post_entry(
    jsonb_build_object(
      'id', p->>'entryId',
      'idempotencyKey', v_key,
      'kind', CASE WHEN v_release THEN 'ESCROW_RELEASE' ELSE 'ESCROW_REFUND' END,
      'description', p->>'description',
      'currency', v_hold.currency,
      'userId', CASE WHEN v_release THEN v_seller ELSE v_hold.buyer_id END,
      'transactionId', v_transaction_id,
      'metadata', jsonb_build_object('buyerId', v_hold.buyer_id, 'sellerId', v_seller)),
    v_legs, p_accounts, p_lock_ranks);
  IF NOT (v_posted->>'created')::boolean THEN
    RAISE EXCEPTION USING ERRCODE = 'LG001', MESSAGE = format('Key %s was already used by another entry', v_key);
  END IF;
  RETURN jsonb_build_object('replayed', false, 'hold', to_jsonb(v_hold), 'entryId', v_posted->'entry'->>'id');
END;
$$;
