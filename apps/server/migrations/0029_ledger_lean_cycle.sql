ALTER TABLE "postings" DROP CONSTRAINT "postings_entry_id_journal_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "postings" DROP CONSTRAINT "postings_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
-- Hand-written (drizzle-kit does not manage functions or triggers): a leaner money cycle (issue 28).
-- Before, a hold ran 23 statements inside PostgreSQL and a release 25 (35 for a first-time seller):
-- 10 foreign-key checks on postings, 5 currency-trigger queries, 2 x 3 balance-trigger statements and a
-- deferred count(*) per entry, a lookup of every account apart from its update, and, for the hold, the
-- escrow account created at balance 0 and then updated. Now 7 and 9 (16). Every rule is still checked:
--
-- 1. Postings (the two foreign keys are dropped above). A posting's entry exists, its account exists and
--    is in the posting's currency, and the postings an INSERT adds to an entry sum to zero per currency:
--    - for postings the ledger functions below write (a hold's and a resolution's), by the function
--      itself, from what it has just inserted and looked up (the entry, the accounts with their currency,
--      the legs' sum), before the INSERT; it sets ledger.checked_postings to 'on' for that one INSERT;
--    - for any other INSERT (ledger_post_entry, SQL by hand), by one query per statement in the
--      statement-level trigger that already checked the balance (it replaces the per-row currency
--      trigger and the foreign keys' two lookups per posting). "Sum to zero" is the old "each touched
--      entry balances": every INSERT has always had to leave each entry it touches balanced (0003), so an
--      entry's earlier postings sum to zero and its new ones must too; amounts are never zero (CHECK), so
--      a balanced group has two legs at least. Messages and SQLSTATEs are the old ones.
--    What the foreign keys also guarded, that a referenced row cannot go away or change its key, is kept
--    by triggers: journal entries were already append-only (0001); ledger accounts now refuse DELETE,
--    TRUNCATE and a change of id or currency. The reconciliation (ledger.check.ts) now also reports a
--    posting whose entry or account is missing or whose currency is not its account's.
--    ledger.checked_postings is a setting any session may change: it skips the trigger, as disabling the
--    trigger (the table owner's right) always could; the reconciliation finds what that would let in.
-- 2. Entries. The deferred "at least two postings" check still runs at commit for entries written by
--    hand. An entry written by a ledger function is exempt (WHEN clause): the function inserts it and,
--    in the same statement, its legs (two at least, balanced, checked) in one INSERT. The function names
--    the entry in the transaction-local setting ledger.posting_entry just before inserting it. The
--    reconciliation still reports any entry with fewer than two postings.
-- 3. ledger_hold_escrow (the usual two legs: a source account → the transaction's escrow account) finds
--    the source account by code in the hold's currency in the entry's INSERT, writes the escrow account
--    with its balance in one INSERT (it is new: the hold row, unique per transaction, was just inserted),
--    the postings, and last debits the source under the usual guards (non-negative, exact integer
--    range): the only existing account a hold locks, held from there to the commit. A missing source
--    account (created from its description), one in another currency (refused) or another shape of legs
--    take the slow path, with the same errors as before.
-- 4. ledger_resolve_escrow locks the hold row (FOR NO KEY UPDATE: a racing resolution waits, then finds
--    it resolved), builds the legs and finds their accounts in one statement, asks TypeScript to describe
--    missing accounts before writing anything ({describe}) as before, resolves the hold, writes the entry
--    and the postings, and last moves the balances, netted per account, one plain UPDATE each in the
--    fixed lock order (lockRank, then id), so that the platform fee row is held only from its update to
--    the commit and a release that waited for it re-checks only that row.
-- 5. The functions run with plan_cache_mode = force_generic_plan: their statements take arrays and jsonb
--    whose sizes a custom plan sees, so PostgreSQL kept planning them again on every call (measured:
--    0.66 against 0.48 ms of CPU per release); their generic plans are the index lookups they need.
-- Per money event still one round trip and one statement; the per-transaction escrow account, the hold
-- row, the idempotency answers, the lock order and the reconciliation's checks are kept.
CREATE OR REPLACE FUNCTION ledger_check_inserted_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_missing_entry text;
  v_missing_account text;
  v_other_currency text;
  v_unbalanced text;
BEGIN
  SELECT min(g.missing_entry), min(g.missing_account), min(g.other_currency), min(g.unbalanced)
    INTO v_missing_entry, v_missing_account, v_other_currency, v_unbalanced
    FROM (SELECT min(i.entry_id) FILTER (WHERE e.id IS NULL) AS missing_entry,
                 min(i.account_id) FILTER (WHERE a.id IS NULL) AS missing_account,
                 min('posting in ' || i.currency || ' on an account in ' || a.currency)
                   FILTER (WHERE a.currency <> i.currency) AS other_currency,
                 CASE WHEN sum(i.amount) <> 0 THEN
                   'journal entry ' || i.entry_id || ' does not balance: ' || i.currency || ' sums to ' || sum(i.amount)
                 END AS unbalanced
            FROM inserted_postings i
            LEFT JOIN journal_entries e ON e.id = i.entry_id
            LEFT JOIN ledger_accounts a ON a.id = i.account_id
           GROUP BY i.entry_id, i.currency) g;
  IF v_missing_entry IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "postings" violates foreign key constraint "postings_entry_id_journal_entries_id_fk"'
      USING ERRCODE = 'foreign_key_violation',
            DETAIL = format('Key (entry_id)=(%s) is not present in table "journal_entries".', v_missing_entry);
  END IF;
  IF v_missing_account IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "postings" violates foreign key constraint "postings_account_id_ledger_accounts_id_fk"'
      USING ERRCODE = 'foreign_key_violation',
            DETAIL = format('Key (account_id)=(%s) is not present in table "ledger_accounts".', v_missing_account);
  END IF;
  IF v_other_currency IS NOT NULL THEN
    RAISE EXCEPTION '%', v_other_currency USING ERRCODE = 'check_violation';
  END IF;
  IF v_unbalanced IS NOT NULL THEN
    RAISE EXCEPTION '%', v_unbalanced USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER postings_currency_matches ON postings;
--> statement-breakpoint
DROP TRIGGER postings_balanced ON postings;
--> statement-breakpoint
CREATE TRIGGER postings_balanced AFTER INSERT ON postings REFERENCING NEW TABLE AS inserted_postings
  FOR EACH STATEMENT WHEN (current_setting('ledger.checked_postings', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION ledger_check_inserted_postings();
--> statement-breakpoint
DROP FUNCTION ledger_posting_currency();
--> statement-breakpoint
DROP TRIGGER journal_entries_balanced ON journal_entries;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.id IS DISTINCT FROM current_setting('ledger.posting_entry', true))
  EXECUTE FUNCTION ledger_check_new_entry();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_keep_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger accounts are kept (postings refer to them): % on ledger_accounts refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_keep_account();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_keep_account();
--> statement-breakpoint
-- Only when id or currency is named in the SET list (a balance update does not fire it) and changes.
CREATE TRIGGER ledger_accounts_keep_identity BEFORE UPDATE OF id, currency ON ledger_accounts
  FOR EACH ROW WHEN (NEW.id IS DISTINCT FROM OLD.id OR NEW.currency IS DISTINCT FROM OLD.currency)
  EXECUTE FUNCTION ledger_keep_account();
--> statement-breakpoint
-- Migration 0015's ledger_post_entry, naming its entry for the exemption above and refusing fewer than
-- two legs itself (TypeScript already does); otherwise unchanged (its postings go through the trigger).
CREATE OR REPLACE FUNCTION ledger_post_entry(
  p_entry jsonb,
  p_legs jsonb,
  p_accounts jsonb,
  p_lock_ranks jsonb
) RETURNS jsonb LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_entry journal_entries;
  v_key text := p_entry->>'idempotencyKey';
  v_missing text[];
  v_undescribed text;
  v_ids text[];
  v_types text[];
  v_amounts bigint[];
  v_unknown integer;
  v_account text;
  v_net bigint;
  v_balance bigint;
  v_allow_negative boolean;
  v_named text;
BEGIN
  IF coalesce(jsonb_array_length(p_legs), 0) < 2 THEN
    RAISE EXCEPTION 'journal entry % has % posting(s); at least two are required', p_entry->>'id',
      coalesce(jsonb_array_length(p_legs), 0) USING ERRCODE = 'check_violation';
  END IF;
  v_named := set_config('ledger.posting_entry', p_entry->>'id', true);
  INSERT INTO journal_entries (id, idempotency_key, kind, description, user_id, transaction_id, metadata)
  VALUES (p_entry->>'id', v_key, p_entry->>'kind', p_entry->>'description', p_entry->>'userId',
          p_entry->>'transactionId', coalesce(p_entry->'metadata', '{}'::jsonb))
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING * INTO v_entry;
  IF NOT FOUND THEN
    SELECT * INTO v_entry FROM journal_entries WHERE idempotency_key = v_key;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'LG001', MESSAGE = format('Entry %s vanished', v_key);
    END IF;
    IF v_entry.kind IS DISTINCT FROM p_entry->>'kind' THEN
      RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'IDEMPOTENCY_MISMATCH',
        MESSAGE = 'This request was already used for a different operation';
    END IF;
    RETURN jsonb_build_object('created', false, 'entry', to_jsonb(v_entry));
  END IF;

  FOR pass IN 1..2 LOOP
    SELECT array_agg(a.id ORDER BY l.n), array_agg(a.type ORDER BY l.n),
           array_agg((l.leg->>'amount')::bigint ORDER BY l.n)
      INTO v_ids, v_types, v_amounts
      FROM jsonb_array_elements(p_legs) WITH ORDINALITY AS l(leg, n)
      LEFT JOIN LATERAL (
        SELECT id, type FROM ledger_accounts WHERE code = l.leg->>'code'
        UNION ALL
        SELECT id, type FROM ledger_accounts WHERE id = l.leg->>'accountId'
        LIMIT 1
      ) a ON true;
    EXIT WHEN pass = 2 OR array_position(v_ids, NULL) IS NULL;

    SELECT array_agg(c.code ORDER BY c.first_leg) INTO v_missing
      FROM (SELECT l.leg->>'code' AS code, min(l.n) AS first_leg
              FROM jsonb_array_elements(p_legs) WITH ORDINALITY AS l(leg, n)
             WHERE l.leg->>'code' IS NOT NULL AND v_ids[l.n] IS NULL GROUP BY l.leg->>'code') c;
    EXIT WHEN v_missing IS NULL;
    SELECT m INTO v_undescribed FROM unnest(v_missing) WITH ORDINALITY AS u(m, n)
     WHERE p_accounts->m IS NULL OR p_accounts->m ? 'error' ORDER BY n LIMIT 1;
    IF v_undescribed IS NOT NULL THEN
      IF p_accounts->v_undescribed ? 'error' THEN
        RAISE EXCEPTION USING ERRCODE = 'LG003', MESSAGE = p_accounts->v_undescribed->>'error';
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'LG001',
        MESSAGE = format('No description for new ledger account %s', v_undescribed);
    END IF;
    INSERT INTO ledger_accounts (id, code, type, owner_user_id, transaction_id, currency, allow_negative)
    SELECT d->>'id', m, d->>'type', d->>'ownerUserId', d->>'transactionId', d->>'currency',
           (d->>'allowNegative')::boolean
      FROM unnest(v_missing) AS m, LATERAL (SELECT p_accounts->m AS d) described
     ORDER BY m COLLATE "C"
    ON CONFLICT (code) DO NOTHING;
  END LOOP;
  v_unknown := array_position(v_ids, NULL);
  IF v_unknown IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'LG001', MESSAGE = format('Unknown ledger account %s',
      coalesce(p_legs->(v_unknown - 1)->>'code', p_legs->(v_unknown - 1)->>'accountId'));
  END IF;

  INSERT INTO postings (id, entry_id, account_id, amount, currency, memo)
  SELECT l.leg->>'postingId', v_entry.id, v_ids[l.n], v_amounts[l.n], p_entry->>'currency', l.leg->>'memo'
    FROM jsonb_array_elements(p_legs) WITH ORDINALITY AS l(leg, n)
   ORDER BY l.n;

  FOR v_account, v_net IN
    SELECT x.id, sum(x.amount)
      FROM unnest(v_ids, v_types, v_amounts) AS x(id, type, amount)
     GROUP BY x.id, x.type
     ORDER BY coalesce((p_lock_ranks->>x.type)::integer, 1), x.id COLLATE "C"
  LOOP
    CONTINUE WHEN v_net = 0;
    UPDATE ledger_accounts SET balance = balance + v_net, updated_at = now()
     WHERE id = v_account AND (allow_negative OR balance + v_net >= 0)
       AND abs(balance + v_net) <= 9007199254740991;
    IF NOT FOUND THEN
      SELECT balance, allow_negative INTO v_balance, v_allow_negative FROM ledger_accounts WHERE id = v_account;
      IF FOUND AND NOT v_allow_negative AND v_balance + v_net < 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'INSUFFICIENT_FUNDS', MESSAGE = 'Insufficient balance';
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'LIMIT_EXCEEDED',
        MESSAGE = 'This amount is more than an account can hold';
    END IF;
  END LOOP;

  RETURN jsonb_build_object('created', true, 'entry', to_jsonb(v_entry));
END;
$$;
--> statement-breakpoint
-- Moves one account's balance by p_net, the account found by code, in p_currency, under the same guards
-- as ledger_post_entry; creates it first from p_accounts when it does not exist. ledger_hold_escrow's
-- slow path (and its way of raising the right error), with ledger_post_entry's errors: LG003 / LG001 for
-- an account that cannot be described, 'posting in X on an account in Y' (check_violation) for another
-- currency, LG002 INSUFFICIENT_FUNDS or LIMIT_EXCEEDED. Returns the account's id.
CREATE OR REPLACE FUNCTION ledger_move_account(
  p_code text,
  p_currency text,
  p_net bigint,
  p_accounts jsonb
) RETURNS text LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_id text;
  v_account ledger_accounts;
  v_described jsonb;
BEGIN
  FOR pass IN 1..2 LOOP
    UPDATE ledger_accounts SET balance = balance + p_net, updated_at = now()
     WHERE code = p_code AND currency = p_currency AND (allow_negative OR balance + p_net >= 0)
       AND abs(balance + p_net) <= 9007199254740991
    RETURNING id INTO v_id;
    IF FOUND THEN
      RETURN v_id;
    END IF;
    SELECT * INTO v_account FROM ledger_accounts WHERE code = p_code;
    IF FOUND THEN
      IF v_account.currency IS DISTINCT FROM p_currency THEN
        RAISE EXCEPTION 'posting in % on an account in %', p_currency, v_account.currency
          USING ERRCODE = 'check_violation';
      END IF;
      IF NOT v_account.allow_negative AND v_account.balance + p_net < 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'INSUFFICIENT_FUNDS', MESSAGE = 'Insufficient balance';
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'LIMIT_EXCEEDED',
        MESSAGE = 'This amount is more than an account can hold';
    END IF;
    EXIT WHEN pass = 2;
    v_described := p_accounts->p_code;
    IF v_described ? 'error' THEN
      RAISE EXCEPTION USING ERRCODE = 'LG003', MESSAGE = v_described->>'error';
    END IF;
    IF v_described IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'LG001', MESSAGE = format('No description for new ledger account %s', p_code);
    END IF;
    INSERT INTO ledger_accounts (id, code, type, owner_user_id, transaction_id, currency, allow_negative)
    VALUES (v_described->>'id', p_code, v_described->>'type', v_described->>'ownerUserId',
            v_described->>'transactionId', v_described->>'currency', (v_described->>'allowNegative')::boolean)
    ON CONFLICT (code) DO NOTHING;
  END LOOP;
  RAISE EXCEPTION USING ERRCODE = 'LG001', MESSAGE = format('Unknown ledger account %s', p_code);
END;
$$;
--> statement-breakpoint
-- Opens a hold (HELD) and posts its entry, with the arguments and answers of migration 0003.
CREATE OR REPLACE FUNCTION ledger_hold_escrow(
  p_hold jsonb,
  p_entry jsonb,
  p_legs jsonb,
  p_accounts jsonb,
  p_lock_ranks jsonb
) RETURNS jsonb LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_hold escrow_holds;
  v_replay jsonb;
  v_posted jsonb;
  v_key text := p_entry->>'idempotencyKey';
  v_currency text := p_entry->>'currency';
  v_amount bigint := (p_hold->>'amount')::bigint;
  v_escrow_code text := 'escrow:' || (p_hold->>'transactionId');
  v_escrow_leg integer;
  v_source jsonb;
  v_described jsonb;
  v_entry_id text;
  v_existing_kind text;
  v_source_id text;
  v_source_moved boolean := false;
  v_escrow_id text;
  v_named text;
BEGIN
  -- No pre-check for a replay: a replayed key means the hold row exists, so the insert finds it.
  INSERT INTO escrow_holds (id, transaction_id, buyer_id, seller_id, currency, amount)
  VALUES (p_hold->>'id', p_hold->>'transactionId', p_hold->>'buyerId', p_hold->>'sellerId',
          p_hold->>'currency', v_amount)
  ON CONFLICT (transaction_id) DO NOTHING
  RETURNING * INTO v_hold;
  IF NOT FOUND THEN
    -- Same key: a replay (possibly of a request that committed while we waited on the index).
    v_replay := ledger_escrow_replay(p_hold->>'transactionId', v_key);
    IF v_replay IS NOT NULL THEN
      RETURN v_replay;
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'CONFLICT',
      MESSAGE = 'Escrow is already funded for this transaction';
  END IF;

  -- The usual shape: two legs, a source account by code debited by the hold's amount and this
  -- transaction's escrow account credited with it, in the hold's currency. Anything else is posted by
  -- ledger_post_entry as before.
  v_escrow_leg := CASE WHEN p_legs->1->>'code' = v_escrow_code THEN 1
                       WHEN p_legs->0->>'code' = v_escrow_code THEN 0 END;
  IF jsonb_array_length(p_legs) = 2 AND v_escrow_leg IS NOT NULL AND v_currency = v_hold.currency THEN
    v_source := p_legs->(1 - v_escrow_leg);
    IF v_source->>'code' IS NULL OR v_source->>'code' = v_escrow_code
       OR (v_source->>'amount')::bigint IS DISTINCT FROM -v_amount
       OR (p_legs->v_escrow_leg->>'amount')::bigint IS DISTINCT FROM v_amount THEN
      v_source := NULL;
    END IF;
  END IF;
  IF v_source IS NULL THEN
    v_posted := ledger_post_entry(p_entry, p_legs, p_accounts, p_lock_ranks);
    IF NOT (v_posted->>'created')::boolean THEN
      RAISE EXCEPTION USING ERRCODE = 'LG001', MESSAGE = format('Key %s was already used by another entry', v_key);
    END IF;
    RETURN jsonb_build_object('replayed', false, 'hold', to_jsonb(v_hold), 'entryId', v_posted->'entry'->>'id');
  END IF;

  -- The entry, and (in the same statement) the source account's id, if it exists in this currency.
  v_named := set_config('ledger.posting_entry', p_entry->>'id', true);
  INSERT INTO journal_entries (id, idempotency_key, kind, description, user_id, transaction_id, metadata)
  VALUES (p_entry->>'id', v_key, p_entry->>'kind', p_entry->>'description', p_entry->>'userId',
          p_entry->>'transactionId', coalesce(p_entry->'metadata', '{}'::jsonb))
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id, (SELECT a.id FROM ledger_accounts a WHERE a.code = v_source->>'code' AND a.currency = v_currency)
    INTO v_entry_id, v_source_id;
  IF NOT FOUND THEN
    -- The key is another entry's (this hold did not exist): ledger_post_entry's answers, then 0003's.
    SELECT kind INTO v_existing_kind FROM journal_entries WHERE idempotency_key = v_key;
    IF FOUND AND v_existing_kind IS DISTINCT FROM p_entry->>'kind' THEN
      RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'IDEMPOTENCY_MISMATCH',
        MESSAGE = 'This request was already used for a different operation';
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'LG001', MESSAGE = format('Key %s was already used by another entry', v_key);
  END IF;
  IF v_source_id IS NULL THEN
    -- Missing (created from its description) or in another currency (refused): the slow path moves it now.
    v_source_id := ledger_move_account(v_source->>'code', v_currency, -v_amount, p_accounts);
    v_source_moved := true;
  END IF;

  -- The escrow account is new (its hold was just created): written with its balance in one INSERT,
  -- from describeAccount's description. If it exists after all, it is credited like any account.
  v_described := p_accounts->v_escrow_code;
  IF v_described IS NOT NULL AND NOT v_described ? 'error' AND v_described->>'currency' = v_currency THEN
    INSERT INTO ledger_accounts (id, code, type, owner_user_id, transaction_id, currency, allow_negative, balance)
    VALUES (v_described->>'id', v_escrow_code, v_described->>'type', v_described->>'ownerUserId',
            v_described->>'transactionId', v_currency, (v_described->>'allowNegative')::boolean, v_amount)
    ON CONFLICT (code) DO NOTHING
    RETURNING id INTO v_escrow_id;
  END IF;
  IF v_escrow_id IS NULL THEN
    v_escrow_id := ledger_move_account(v_escrow_code, v_currency, v_amount, p_accounts);
  END IF;

  -- Checked above: the entry is the one just inserted, both accounts exist in the entry's currency,
  -- and the two legs balance. So the postings trigger is skipped for this one INSERT.
  v_named := set_config('ledger.checked_postings', 'on', true);
  INSERT INTO postings (id, entry_id, account_id, amount, currency, memo)
  SELECT l.leg->>'postingId', v_entry_id,
         CASE WHEN l.n - 1 = v_escrow_leg THEN v_escrow_id ELSE v_source_id END,
         (l.leg->>'amount')::bigint, v_currency, l.leg->>'memo'
    FROM jsonb_array_elements(p_legs) WITH ORDINALITY AS l(leg, n)
   ORDER BY l.n;
  v_named := set_config('ledger.checked_postings', 'off', true);

  -- Last, the source's balance (the one existing account the hold locks, so no lock order is
  -- involved), under ledger_post_entry's guards: its row stays locked only from here to the commit.
  IF NOT v_source_moved THEN
    UPDATE ledger_accounts SET balance = balance - v_amount, updated_at = now()
     WHERE id = v_source_id AND (allow_negative OR balance - v_amount >= 0)
       AND abs(balance - v_amount) <= 9007199254740991;
    IF NOT FOUND THEN
      -- Raises INSUFFICIENT_FUNDS or LIMIT_EXCEEDED (the account exists, in this currency).
      v_source_id := ledger_move_account(v_source->>'code', v_currency, -v_amount, p_accounts);
    END IF;
  END IF;

  RETURN jsonb_build_object('replayed', false, 'hold', to_jsonb(v_hold), 'entryId', v_entry_id);
END;
$$;
--> statement-breakpoint
-- Resolves a hold exactly once and posts its entry, with the arguments and answers of migrations 0003
-- and 0019 (what is left of the hold after part releases). The legs are 0017's ledger_escrow_legs, now
-- built in the statement that finds their accounts: escrow → (release) the seller's wallet (price) +
-- platform fees (fee), or (refund) the buyer's wallet or `buyerAccountCode` (memo refund_buyer) [+ the
-- seller's wallet (memo refund_seller)] [+ platform fees], zero legs left out, codes as accountCodes
-- builds them.
CREATE OR REPLACE FUNCTION ledger_resolve_escrow(
  p jsonb,
  p_accounts jsonb,
  p_lock_ranks jsonb
) RETURNS jsonb LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_transaction_id text := p->>'transactionId';
  v_key text := p->>'idempotencyKey';
  v_release boolean := p->>'status' = 'RELEASED';
  v_kind text := CASE WHEN p->>'status' = 'RELEASED' THEN 'ESCROW_RELEASE' ELSE 'ESCROW_REFUND' END;
  v_hold escrow_holds;
  v_found boolean;
  v_seller text;
  v_replay jsonb;
  v_codes text[];
  v_amounts bigint[];
  v_memos text[];
  v_leg_ids text[];
  v_acc_ids text[];
  v_acc_nets bigint[];
  v_other_currency text;
  v_sum numeric;
  v_missing text[];
  v_describe text[] := '{}';
  v_insufficient boolean;
  v_entry_id text;
  v_existing_kind text;
  v_named text;
BEGIN
  -- The hold, locked as the guarded update locked it (a racing resolution waits here, then sees it
  -- resolved). Not HELD: a replay of the key that resolved it, or a conflict.
  SELECT * INTO v_hold FROM escrow_holds WHERE transaction_id = v_transaction_id FOR NO KEY UPDATE;
  v_found := FOUND;
  IF NOT v_found OR v_hold.status <> 'HELD' THEN
    v_replay := ledger_escrow_replay(v_transaction_id, v_key);
    IF v_replay IS NOT NULL THEN
      RETURN v_replay;
    END IF;
    IF NOT v_found THEN
      RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'CONFLICT',
        MESSAGE = 'Escrow is not funded for this transaction';
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'CONFLICT', MESSAGE = 'Escrow has already been resolved';
  END IF;

  -- The legs in posting order with each one's account (null: it does not exist yet) and the account's
  -- currency, their sum, and the accounts the entry moves (a non-zero net) in the lock order with their
  -- nets. Accounts that do not exist yet: without a description, ask TypeScript for one before writing
  -- anything ({describe}); with one, create them (in code order) and look again.
  FOR pass IN 1..2 LOOP
    WITH legs AS (
      SELECT row_number() OVER (ORDER BY k) AS n, code, amount, memo
        FROM (VALUES
          (1, 'escrow:' || v_hold.transaction_id, -(p->>'total')::bigint, NULL::text),
          (2, CASE WHEN v_release THEN 'user:' || (p->>'sellerId') || ':' || v_hold.currency
                   ELSE coalesce(p->>'buyerAccountCode', 'user:' || v_hold.buyer_id || ':' || v_hold.currency) END,
              CASE WHEN v_release THEN (p->>'priceMinor')::bigint ELSE (p->>'buyerAmountMinor')::bigint END,
              CASE WHEN v_release THEN NULL ELSE 'refund_buyer' END),
          (3, CASE WHEN NOT v_release THEN
                'user:' || nullif(coalesce(p->>'sellerId', v_hold.seller_id), '') || ':' || v_hold.currency END,
              (p->>'sellerAmountMinor')::bigint, 'refund_seller'),
          (4, 'platform:fees:' || v_hold.currency, (p->>'feeMinor')::bigint, NULL)
        ) AS legs(k, code, amount, memo)
       WHERE code IS NOT NULL AND amount IS NOT NULL AND amount <> 0
    )
    , found AS (
      SELECT l.n, l.code, l.amount, l.memo, a.id, a.currency, coalesce((p_lock_ranks->>a.type)::integer, 1) AS rank
        FROM legs l LEFT JOIN ledger_accounts a ON a.code = l.code
    ), moving AS (
      SELECT id, rank, sum(amount)::bigint AS net FROM found WHERE id IS NOT NULL
       GROUP BY id, rank HAVING sum(amount) <> 0
    )
    SELECT array_agg(f.code ORDER BY f.n), array_agg(f.amount ORDER BY f.n), array_agg(f.memo ORDER BY f.n),
           array_agg(f.id ORDER BY f.n), min(f.currency) FILTER (WHERE f.currency <> v_hold.currency),
           coalesce(sum(f.amount), 0),
           (SELECT array_agg(m.id ORDER BY m.rank, m.id COLLATE "C") FROM moving m),
           (SELECT array_agg(m.net ORDER BY m.rank, m.id COLLATE "C") FROM moving m)
      INTO v_codes, v_amounts, v_memos, v_leg_ids, v_other_currency, v_sum, v_acc_ids, v_acc_nets
      FROM found f;
    EXIT WHEN array_position(v_leg_ids, NULL) IS NULL;
    IF pass = 2 THEN
      RAISE EXCEPTION USING ERRCODE = 'LG001',
        MESSAGE = format('Unknown ledger account %s', v_codes[array_position(v_leg_ids, NULL)]);
    END IF;
    v_missing := '{}';
    FOR i IN 1..cardinality(v_codes) LOOP
      IF v_leg_ids[i] IS NULL AND array_position(v_missing, v_codes[i]) IS NULL THEN
        v_missing := v_missing || v_codes[i];
        IF p_accounts->(v_codes[i]) IS NULL THEN
          v_describe := v_describe || v_codes[i];
        END IF;
      END IF;
    END LOOP;
    IF cardinality(v_describe) > 0 THEN
      RETURN jsonb_build_object('describe', to_jsonb(v_describe), 'currency', v_hold.currency);
    END IF;
    FOR i IN 1..cardinality(v_missing) LOOP
      IF p_accounts->(v_missing[i]) ? 'error' THEN
        RAISE EXCEPTION USING ERRCODE = 'LG003', MESSAGE = p_accounts->(v_missing[i])->>'error';
      END IF;
    END LOOP;
    INSERT INTO ledger_accounts (id, code, type, owner_user_id, transaction_id, currency, allow_negative)
    SELECT d->>'id', m, d->>'type', d->>'ownerUserId', d->>'transactionId', d->>'currency',
           (d->>'allowNegative')::boolean
      FROM unnest(v_missing) AS m, LATERAL (SELECT p_accounts->m AS d) described
     ORDER BY m COLLATE "C"
    ON CONFLICT (code) DO NOTHING;
  END LOOP;

  -- What is left of the hold after its part releases (a milestone trade's accepted milestones).
  IF (p->>'total')::bigint <> v_hold.amount - v_hold.released THEN
    RAISE EXCEPTION USING ERRCODE = 'LG001',
      MESSAGE = format('Resolution of %s does not match the %s left of the hold', p->>'total',
                       v_hold.amount - v_hold.released);
  END IF;
  v_seller := CASE WHEN v_release THEN p->>'sellerId' ELSE coalesce(p->>'sellerId', v_hold.seller_id) END;
  -- As before, an empty seller id counts as none (no seller leg), though the metadata keeps it.
  IF NOT v_release AND (p->>'sellerAmountMinor')::bigint > 0 AND coalesce(v_seller, '') = '' THEN
    RAISE EXCEPTION USING ERRCODE = 'LG001', MESSAGE = 'A refund that pays the seller needs the seller id';
  END IF;
  -- The postings trigger's checks, made here on the legs and their accounts (found above): two legs at
  -- least, every account in the hold's currency, the legs summing to zero.
  IF coalesce(cardinality(v_codes), 0) < 2 THEN
    RAISE EXCEPTION 'journal entry % has % posting(s); at least two are required', p->>'entryId',
      coalesce(cardinality(v_codes), 0) USING ERRCODE = 'check_violation';
  END IF;
  IF v_other_currency IS NOT NULL THEN
    RAISE EXCEPTION 'posting in % on an account in %', v_hold.currency, v_other_currency
      USING ERRCODE = 'check_violation';
  END IF;
  IF v_sum <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance: % sums to %', p->>'entryId', v_hold.currency, v_sum
      USING ERRCODE = 'check_violation';
  END IF;

  UPDATE escrow_holds SET status = p->>'status', resolved_at = now(), updated_at = now()
   WHERE id = v_hold.id AND status = 'HELD'
  RETURNING * INTO v_hold;

  v_named := set_config('ledger.posting_entry', p->>'entryId', true);
  INSERT INTO journal_entries (id, idempotency_key, kind, description, user_id, transaction_id, metadata)
  VALUES (p->>'entryId', v_key, v_kind, p->>'description',
          CASE WHEN v_release THEN v_seller ELSE v_hold.buyer_id END, v_transaction_id,
          jsonb_build_object('buyerId', v_hold.buyer_id, 'sellerId', v_seller))
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_entry_id;
  IF NOT FOUND THEN
    SELECT kind INTO v_existing_kind FROM journal_entries WHERE idempotency_key = v_key;
    IF FOUND AND v_existing_kind IS DISTINCT FROM v_kind THEN
      RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'IDEMPOTENCY_MISMATCH',
        MESSAGE = 'This request was already used for a different operation';
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'LG001', MESSAGE = format('Key %s was already used by another entry', v_key);
  END IF;

  -- Checked above (and the entry is the one just inserted): the postings trigger is skipped for this INSERT.
  v_named := set_config('ledger.checked_postings', 'on', true);
  INSERT INTO postings (id, entry_id, account_id, amount, currency, memo)
  SELECT p->'postingIds'->>(l.n - 1)::integer, v_entry_id, l.id, l.amount, v_hold.currency, l.memo
    FROM unnest(v_leg_ids, v_amounts, v_memos) WITH ORDINALITY AS l(id, amount, memo, n)
   ORDER BY l.n;
  v_named := set_config('ledger.checked_postings', 'off', true);

  -- Last, the balances, netted per account, in the fixed lock order (lockRank, then id), each under
  -- ledger_post_entry's guards: their rows stay locked only from here to the commit. One plain UPDATE per
  -- account: a release that waited for the platform fee row re-checks just that row (EvalPlanQual).
  FOR i IN 1..coalesce(cardinality(v_acc_ids), 0) LOOP
    UPDATE ledger_accounts SET balance = balance + v_acc_nets[i], updated_at = now()
     WHERE id = v_acc_ids[i] AND (allow_negative OR balance + v_acc_nets[i] >= 0)
       AND abs(balance + v_acc_nets[i]) <= 9007199254740991;
    IF NOT FOUND THEN
      SELECT NOT allow_negative AND balance + v_acc_nets[i] < 0 INTO v_insufficient
        FROM ledger_accounts WHERE id = v_acc_ids[i];
      IF v_insufficient THEN
        RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'INSUFFICIENT_FUNDS', MESSAGE = 'Insufficient balance';
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'LIMIT_EXCEEDED',
        MESSAGE = 'This amount is more than an account can hold';
    END IF;
  END LOOP;

  RETURN jsonb_build_object('replayed', false, 'hold', to_jsonb(v_hold), 'entryId', v_entry_id);
END;
$$;
--> statement-breakpoint
-- Built into ledger_resolve_escrow above; nothing else calls it.
DROP FUNCTION ledger_escrow_legs(jsonb, escrow_holds);
