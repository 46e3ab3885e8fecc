CREATE TABLE "provider_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"transaction_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"payment_reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"provider_refund_reference" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"entry_id" text,
	"settled_entry_id" text,
	"succeeded_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_refunds_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "provider_refunds_amount_positive" CHECK ("provider_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD CONSTRAINT "provider_refunds_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD CONSTRAINT "provider_refunds_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD CONSTRAINT "provider_refunds_settled_entry_id_journal_entries_id_fk" FOREIGN KEY ("settled_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_refunds_transaction_idx" ON "provider_refunds" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "provider_refunds_due_idx" ON "provider_refunds" USING btree ("status","next_attempt_at");--> statement-breakpoint
-- A refund's buyer share goes where the refund names (`buyerAccountCode`): the buyer's wallet (as
-- before, the default) or the refund clearing account, from which the provider refund pays it back to
-- the card or bank it came from (docs/money.md "Refunds"). The code is built by accountCodes in
-- ledger.accounts.ts; everything else is as in migration 0015.
CREATE OR REPLACE FUNCTION ledger_escrow_legs(p jsonb, p_hold escrow_holds) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(jsonb_agg(leg ORDER BY n), '[]'::jsonb)
      FROM (
        SELECT n, jsonb_strip_nulls(jsonb_build_object('code', code, 'amount', amount, 'memo', memo,
                                                       'postingId', p->'postingIds'->>(n - 1)::integer)) AS leg
          FROM (
            SELECT row_number() OVER (ORDER BY k) AS n, code, amount, memo
              FROM (VALUES
                (1, 'escrow:' || p_hold.transaction_id, -(p->>'total')::bigint, NULL::text),
                (2, CASE WHEN p->>'status' = 'RELEASED' THEN 'user:' || (p->>'sellerId') || ':' || p_hold.currency
                         ELSE coalesce(p->>'buyerAccountCode', 'user:' || p_hold.buyer_id || ':' || p_hold.currency) END,
                    CASE WHEN p->>'status' = 'RELEASED' THEN (p->>'priceMinor')::bigint
                         ELSE (p->>'buyerAmountMinor')::bigint END,
                    CASE WHEN p->>'status' = 'RELEASED' THEN NULL ELSE 'refund_buyer' END),
                (3, CASE WHEN p->>'status' = 'REFUNDED' THEN
                      'user:' || nullif(coalesce(p->>'sellerId', p_hold.seller_id), '') || ':' || p_hold.currency END,
                    (p->>'sellerAmountMinor')::bigint, 'refund_seller'),
                (4, 'platform:fees:' || p_hold.currency, (p->>'feeMinor')::bigint, NULL)
              ) AS legs(k, code, amount, memo)
             WHERE code IS NOT NULL AND amount IS NOT NULL AND amount <> 0
          ) kept
      ) numbered
  );
END;
$$;
