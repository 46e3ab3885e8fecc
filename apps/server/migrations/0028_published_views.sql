-- Read-only views that a table's owner publishes for other modules' joins (src/db/schema/published.ts).
CREATE VIEW "user_directory" AS
  SELECT "id", "email", "first_name", "last_name", "role", "profile_label", "profile_picture",
    "verification_level", "trust_score", "is_verified", "suspended_at", "closed_at", "created_at"
  FROM "users";--> statement-breakpoint
CREATE VIEW "trade_directory" AS
  SELECT "id", "description", "currency", "price", "total", "status", "creator_id", "creator_role",
    "counterparty_id", "broker_id", "dispute_id", "paid_at", "shipped_at", "completed_at", "cancelled_at",
    "created_at", "updated_at"
  FROM "transactions";--> statement-breakpoint
CREATE VIEW "upload_directory" AS
  SELECT "id", "owner_id", "purpose", "transaction_id", "dispute_id", "filename", "mime_type", "size",
    "created_at"
  FROM "uploads";
