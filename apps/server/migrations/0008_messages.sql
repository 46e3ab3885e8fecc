CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"sender_id" text,
	"receiver_id" text,
	"content" text NOT NULL,
	"message_type" text DEFAULT 'TEXT' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"off_platform" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_transaction_created_idx" ON "messages" USING btree ("transaction_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_sender_created_idx" ON "messages" USING btree ("sender_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_receiver_unread_idx" ON "messages" USING btree ("receiver_id","transaction_id") WHERE "messages"."read_at" is null and "messages"."deleted_at" is null;--> statement-breakpoint
-- Full-text search over message content ('simple': Nigerian users mix English, Pidgin, Yoruba, Igbo and
-- Hausa, so no one language's stemming). Generated, so every insert and the delete's wipe keep it true.
ALTER TABLE "messages" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "content")) STORED;--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search");
