CREATE TABLE "saved_vendors" (
	"user_id" text NOT NULL,
	"vendor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_vendors_user_id_vendor_id_pk" PRIMARY KEY("user_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"business_name" text NOT NULL,
	"description" text NOT NULL,
	"specialties" text[] NOT NULL,
	"state" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"seller_terms_accepted_at" timestamp with time zone,
	"search_text" text NOT NULL,
	"completed_orders" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_profiles_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "vendor_profiles_specialties_count" CHECK (cardinality("vendor_profiles"."specialties") between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "vendor_ratings" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"rating" integer NOT NULL,
	"review" text,
	"refunded" boolean DEFAULT false NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_ratings_transactionId_unique" UNIQUE("transaction_id"),
	CONSTRAINT "vendor_ratings_range" CHECK ("vendor_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "invited_user_id" text;--> statement-breakpoint
ALTER TABLE "saved_vendors" ADD CONSTRAINT "saved_vendors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_vendors" ADD CONSTRAINT "saved_vendors_vendor_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD CONSTRAINT "vendor_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ratings" ADD CONSTRAINT "vendor_ratings_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ratings" ADD CONSTRAINT "vendor_ratings_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ratings" ADD CONSTRAINT "vendor_ratings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_profiles_rating_idx" ON "vendor_profiles" USING btree ("rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id") WHERE "vendor_profiles"."published";--> statement-breakpoint
CREATE INDEX "vendor_profiles_orders_idx" ON "vendor_profiles" USING btree ("completed_orders" DESC NULLS FIRST,"rating" DESC NULLS FIRST,"id") WHERE "vendor_profiles"."published";--> statement-breakpoint
CREATE INDEX "vendor_profiles_specialties_idx" ON "vendor_profiles" USING gin ("specialties");--> statement-breakpoint
CREATE INDEX "vendor_profiles_search_trgm_idx" ON "vendor_profiles" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "vendor_ratings_seller_idx" ON "vendor_ratings" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_user_id_users_id_fk" FOREIGN KEY ("invited_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The directory's completed orders (COMPLETED as seller) are counted in the same database transaction
-- as the step that completes the deal, whichever path completes it (receipt, release, dispute resolution).
CREATE FUNCTION vendor_count_completion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vendor_profiles
     SET completed_orders = completed_orders + 1
   WHERE user_id = CASE WHEN NEW.creator_role = 'SELLER' THEN NEW.creator_id ELSE NEW.counterparty_id END;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER transactions_vendor_completion
  AFTER UPDATE OF status ON transactions
  FOR EACH ROW
  WHEN (NEW.status = 'COMPLETED' AND OLD.status IS DISTINCT FROM 'COMPLETED')
  EXECUTE FUNCTION vendor_count_completion();
