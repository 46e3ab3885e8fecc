-- The transactions list (GET /api/transactions/my-transactions) at a cost that does not grow with an
-- account's history; the queries are in src/modules/transactions/transactions.list.ts.
--
-- 1. Search (spec 01 §9: id, description, the other party's name; case-insensitive substring).
--    Description and name go through trigram indexes: pg_trgm ships with PostgreSQL (contrib) and PGlite
--    (loaded in db/client.ts); it is a trusted extension, so the database owner may create it.
--    fastupdate=off: no pending list that only VACUUM merges (PGlite has no autovacuum; a long pending
--    list makes the planner avoid the index). Writes pay a little more; transactions are written rarely.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "transactions_description_trgm_idx" ON "transactions" USING gin ("description" gin_trgm_ops) WITH (fastupdate=off);
--> statement-breakpoint
-- The same expression as the query's `(first_name || ' ' || last_name) ilike ...`.
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops) WITH (fastupdate=off);
--> statement-breakpoint
--    An id is found by the reference the cards show (its last 8 characters) or any longer end of it,
--    the whole id included: `right(id, 8) = ...` through this index, then the rest of the end checked.
CREATE INDEX "transactions_id_reference_idx" ON "transactions" USING btree (right("id", 8));
--> statement-breakpoint
-- 2. Each side of the list (the viewer as creator, as counterparty) is read newest first and stops after
--    one page (transactions_creator_list_idx, transactions_counterparty_list_idx from 0000). These give
--    the status filter, the role filter (creator_role) and the other party (name search) their own
--    newest-first range, so a filtered page stops early too instead of filtering the whole history.
CREATE INDEX "transactions_creator_status_list_idx" ON "transactions" USING btree ("creator_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "transactions_counterparty_status_list_idx" ON "transactions" USING btree ("counterparty_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "transactions_creator_role_list_idx" ON "transactions" USING btree ("creator_id","creator_role","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "transactions_counterparty_role_list_idx" ON "transactions" USING btree ("counterparty_id","creator_role","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "transactions_creator_counterparty_list_idx" ON "transactions" USING btree ("creator_id","counterparty_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "transactions_counterparty_creator_list_idx" ON "transactions" USING btree ("counterparty_id","creator_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
