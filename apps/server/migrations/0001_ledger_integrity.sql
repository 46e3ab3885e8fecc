-- Ledger integrity enforced by the database itself (drizzle cannot express triggers).
-- 1. Postings and journal entries are append-only: corrections are new entries.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- 2. A posting's currency is its account's currency.
CREATE OR REPLACE FUNCTION ledger_posting_currency() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account_currency text;
BEGIN
  SELECT currency INTO account_currency FROM ledger_accounts WHERE id = NEW.account_id;
  IF account_currency IS DISTINCT FROM NEW.currency THEN
    RAISE EXCEPTION 'posting in % on an account in %', NEW.currency, account_currency
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER postings_currency_matches BEFORE INSERT ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_posting_currency();
--> statement-breakpoint
-- 3. At commit, every entry touched in the transaction sums to zero per currency and has at least
--    two postings. Deferred, so an entry may be written posting by posting inside one transaction.
CREATE OR REPLACE FUNCTION ledger_entry_balanced(entry text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  legs bigint;
  unbalanced text;
BEGIN
  -- One query per check: legs in total, and the first currency whose legs do not sum to zero.
  SELECT coalesce(sum(n), 0), min(CASE WHEN total <> 0 THEN currency || ' sums to ' || total END)
    INTO legs, unbalanced
    FROM (SELECT currency, count(*) AS n, sum(amount) AS total FROM postings WHERE entry_id = entry GROUP BY currency) per_currency;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance: %', entry, unbalanced USING ERRCODE = 'check_violation';
  END IF;
  IF legs < 2 THEN
    RAISE EXCEPTION 'journal entry % has % posting(s); at least two are required', entry, legs
      USING ERRCODE = 'check_violation';
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_check_posting_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_entry_balanced(NEW.entry_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_check_new_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_entry_balanced(NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_posting_entry();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_new_entry();
