ALTER TABLE "users" ADD COLUMN "privacy_notice_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "privacy_notice_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_privacy_consent_pair" CHECK (("users"."privacy_notice_version" is null) = ("users"."privacy_notice_accepted_at" is null));