CREATE TABLE "transaction_member_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
-- Hand-written (issue 28): the list's total without a filter counted up to 1,001 index entries on every
-- first page of a long history (about 0.25 ms of PostgreSQL CPU, half the list's). The total is now kept
-- per user: each transaction adds one to each of its members (creator, counterparty, broker: the list's
-- three sides, never the same user twice, see transactions_broker_not_party and the join rule), in the
-- writing statement's transaction. Counter rows are touched in user id order, so two writers lock them in
-- the same order. transactions.member-counts.test.ts compares the counts with the rows after every kind of
-- write.
-- A row whose members changed: its old members lose one, its new ones gain one.
CREATE FUNCTION transactions_count_moved_members() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_removed text[] := ARRAY[OLD.creator_id, OLD.counterparty_id, OLD.broker_id];
  v_added text[] := ARRAY[NEW.creator_id, NEW.counterparty_id, NEW.broker_id];
BEGIN
  INSERT INTO transaction_member_counts AS c (user_id, total)
  SELECT m.user_id, sum(m.delta)::integer
    FROM (SELECT unnest(v_removed) AS user_id, -1 AS delta
          UNION ALL
          SELECT unnest(v_added), 1) m
   WHERE m.user_id IS NOT NULL
   GROUP BY m.user_id
  HAVING sum(m.delta) <> 0
   ORDER BY m.user_id COLLATE "C"
  ON CONFLICT (user_id) DO UPDATE SET total = c.total + EXCLUDED.total;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Rows inserted or deleted: once per statement, from its transition table, so a bulk INSERT (an import, a
-- seed) adds one upsert per member, not one per row. PostgreSQL allows a transition table on a trigger of
-- one event only, and on none with a column list: the UPDATE trigger below is per row.
CREATE FUNCTION transactions_count_members_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO transaction_member_counts AS c (user_id, total)
  SELECT m.user_id, (CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END) * count(*)::integer
    FROM (SELECT creator_id AS user_id FROM changed_rows
          UNION ALL SELECT counterparty_id FROM changed_rows
          UNION ALL SELECT broker_id FROM changed_rows) m
   WHERE m.user_id IS NOT NULL
   GROUP BY m.user_id
   ORDER BY m.user_id COLLATE "C"
  ON CONFLICT (user_id) DO UPDATE SET total = c.total + EXCLUDED.total;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_member_counts_added AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION transactions_count_members_of_rows();
--> statement-breakpoint
CREATE TRIGGER transactions_member_counts_removed AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION transactions_count_members_of_rows();
--> statement-breakpoint
-- Only when a member changes (a counterparty joining, a brokered trade's seller or buyer joining): not on
-- status updates.
CREATE TRIGGER transactions_member_counts_moved AFTER UPDATE OF creator_id, counterparty_id, broker_id ON transactions
  FOR EACH ROW WHEN (OLD.creator_id IS DISTINCT FROM NEW.creator_id
                     OR OLD.counterparty_id IS DISTINCT FROM NEW.counterparty_id
                     OR OLD.broker_id IS DISTINCT FROM NEW.broker_id)
  EXECUTE FUNCTION transactions_count_moved_members();
--> statement-breakpoint
-- Existing trades, counted after the triggers exist: CREATE TRIGGER holds a lock that keeps writers out
-- until this migration commits, so none is missed or counted twice.
INSERT INTO transaction_member_counts (user_id, total)
SELECT m, count(*)::integer
  FROM (SELECT creator_id AS m FROM transactions
        UNION ALL SELECT counterparty_id FROM transactions
        UNION ALL SELECT broker_id FROM transactions) s
 WHERE m IS NOT NULL
 GROUP BY m;
