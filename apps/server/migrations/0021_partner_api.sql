CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"mode" text NOT NULL,
	"scopes" text[] NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "invited_email" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "partner_reference" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "partner_title" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "partner_metadata" jsonb;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "partner_key_id" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_owner_idx" ON "api_keys" USING btree ("owner_id") WHERE "api_keys"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_partner_reference_idx" ON "transactions" USING btree ("creator_id","partner_reference") WHERE "transactions"."partner_reference" is not null;