CREATE TABLE "handover_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"user_id" text NOT NULL,
	"correct" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handover_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"code" text NOT NULL,
	"used_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"reminder3_sent_at" timestamp with time zone,
	"reminder7_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handover_codes_transactionId_unique" UNIQUE("transaction_id"),
	CONSTRAINT "handover_codes_six_digits" CHECK ("handover_codes"."code" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_amounts";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_status_valid";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "fee_payer" text DEFAULT 'BUYER' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "shipping_type" text;--> statement-breakpoint
-- Existing transactions keep what useCourier meant (hand-written: drizzle-kit adds the column NOT NULL at once).
UPDATE "transactions" SET "shipping_type" = CASE WHEN "use_courier" THEN 'COURIER' ELSE 'SELLER_DELIVERY' END;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "shipping_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "handover_attempts" ADD CONSTRAINT "handover_attempts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_codes" ADD CONSTRAINT "handover_codes_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handover_attempts_transaction_idx" ON "handover_attempts" USING btree ("transaction_id","created_at");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_in_person_no_courier" CHECK ("transactions"."shipping_type" <> 'IN_PERSON' or not "transactions"."use_courier");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_amounts" CHECK ("transactions"."price" > 0 and "transactions"."fee" >= 0 and "transactions"."total" = "transactions"."price" + case "transactions"."fee_payer"
        when 'BUYER' then "transactions"."fee" when 'SELLER' then 0 else ("transactions"."fee" + 1) / 2 end);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_status_valid" CHECK (status in ('PENDING', 'ACTIVE', 'WAITING_FOR_PAYMENT', 'WAITING_FOR_SHIPMENT', 'WAITING_FOR_BUYER_CONFIRMATION', 'WAITING_FOR_HANDOVER', 'COMPLETED', 'CANCELLED', 'DISPUTED'));