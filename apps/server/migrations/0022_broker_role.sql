ALTER TABLE "invitations" DROP CONSTRAINT "invitations_transactionId_unique";--> statement-breakpoint
DROP INDEX "transactions_partner_reference_idx";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "creator_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "broker_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "commission" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_broker_id_users_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_broker_reference_idx" ON "transactions" USING btree ("broker_id","partner_reference") WHERE "transactions"."partner_reference" is not null and "transactions"."broker_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_broker_list_idx" ON "transactions" USING btree ("broker_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "transactions"."broker_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_partner_reference_idx" ON "transactions" USING btree ("creator_id","partner_reference") WHERE "transactions"."partner_reference" is not null and "transactions"."broker_id" is null;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_transaction_role_unique" UNIQUE NULLS NOT DISTINCT("transaction_id","role");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_creator_or_broker" CHECK ("transactions"."creator_id" is not null or "transactions"."broker_id" is not null);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_commission" CHECK ("transactions"."commission" >= 0 and "transactions"."commission" * 5 <= "transactions"."price" and ("transactions"."broker_id" is not null or "transactions"."commission" = 0));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_broker_not_party" CHECK ("transactions"."broker_id" is null or ("transactions"."creator_id" is distinct from "transactions"."broker_id" and "transactions"."counterparty_id" is distinct from "transactions"."broker_id"));