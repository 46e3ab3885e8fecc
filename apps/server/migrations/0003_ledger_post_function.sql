-- One database round trip per money event. ledger.post.ts and ledger.escrow.ts call these functions
-- once each; all the rules stay where they were (TypeScript validates the input and describes
-- accounts, the database enforces the invariants), only the statements now run inside the server.
-- Errors for TypeScript to rethrow use SQLSTATEs of their own:
--   LG001  a broken ledger rule (TS: LedgerInvariantError, same message)
--   LG002  a refusal the client may see (TS: AppError with the code in DETAIL, same message)
--   LG003  an account code describeAccount refused (TS: Error, describeAccount's message)

-- 1. The balance check runs once per entry instead of once per posting row (plus once per entry).
--    Every INSERT into postings must leave each entry it touches balanced (checked once per entry at
--    the end of the statement), so an entry that has postings is always balanced; at commit, each new
--    entry must have postings (at least two: one posting alone can never balance). Postings and
--    entries cannot be updated or deleted (0001), so nothing can unbalance an entry afterwards.
--    Writing an entry by hand therefore means inserting all of its postings in one statement.
DROP TRIGGER postings_balanced ON postings;
--> statement-breakpoint
DROP FUNCTION ledger_check_posting_entry();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_check_inserted_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text;
BEGIN
  -- One indexed check per entry (ledger_entry_balanced reads the entry's postings by entry_id).
  FOR touched IN SELECT DISTINCT entry_id FROM inserted_postings LOOP
    PERFORM ledger_entry_balanced(touched);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER postings_balanced AFTER INSERT ON postings REFERENCING NEW TABLE AS inserted_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_inserted_postings();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_check_new_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  legs integer;
BEGIN
  -- Balance was checked when its postings were inserted; here only that there are any.
  SELECT count(*) INTO legs FROM (SELECT 1 FROM postings WHERE entry_id = NEW.id LIMIT 2) first_two;
  IF legs < 2 THEN
    RAISE EXCEPTION 'journal entry % has % posting(s); at least two are required', NEW.id, legs
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- 2. postEntry in one call. p_entry: {id, idempotencyKey, kind, description, currency, userId,
--    transactionId, metadata}. p_legs: [{postingId, amount, memo, code | accountId}] in posting order.
--    p_accounts: {code: {id, type, ownerUserId, transactionId, currency, allowNegative} | {error}},
--    describeAccount's answer for the codes (used only for accounts that do not exist yet).
--    p_lock_ranks: {type: lockRank(type)}. Times come from the database clock (now()), as created_at.
--    Returns {created, entry}: the new entry, or the existing one for a repeated idempotency key.
CREATE OR REPLACE FUNCTION ledger_post_entry(
  p_entry jsonb,
  p_legs jsonb,
  p_accounts jsonb,
  p_lock_ranks jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
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
BEGIN
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

  -- Accounts named by code are created on first use, from describeAccount's description.
  SELECT array_agg(c.code ORDER BY c.first_leg) INTO v_missing
    FROM (SELECT leg->>'code' AS code, min(n) AS first_leg
            FROM jsonb_array_elements(p_legs) WITH ORDINALITY AS l(leg, n)
           WHERE leg->>'code' IS NOT NULL GROUP BY leg->>'code') c
   WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.code = c.code);
  IF v_missing IS NOT NULL THEN
    SELECT m INTO v_undescribed FROM unnest(v_missing) WITH ORDINALITY AS u(m, n)
     WHERE p_accounts->m IS NULL OR p_accounts->m ? 'error' ORDER BY n LIMIT 1;
    IF v_undescribed IS NOT NULL THEN
      IF p_accounts->v_undescribed ? 'error' THEN
        RAISE EXCEPTION USING ERRCODE = 'LG003', MESSAGE = p_accounts->v_undescribed->>'error';
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'LG001',
        MESSAGE = format('No description for new ledger account %s', v_undescribed);
    END IF;
    -- In code order, so two transactions creating the same accounts queue instead of deadlocking.
    INSERT INTO ledger_accounts (id, code, type, owner_user_id, transaction_id, currency, allow_negative)
    SELECT d->>'id', m, d->>'type', d->>'ownerUserId', d->>'transactionId', d->>'currency',
           (d->>'allowNegative')::boolean
      FROM unnest(v_missing) AS m, LATERAL (SELECT p_accounts->m AS d) described
     ORDER BY m COLLATE "C"
    ON CONFLICT (code) DO NOTHING;
  END IF;

  -- Each leg's account, by code or by id (two index lookups, never a scan).
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
  v_unknown := array_position(v_ids, NULL);
  IF v_unknown IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'LG001', MESSAGE = format('Unknown ledger account %s',
      coalesce(p_legs->(v_unknown - 1)->>'code', p_legs->(v_unknown - 1)->>'accountId'));
  END IF;

  -- Cached balances, netted per account, locked in the fixed order (lockRank, then id): the guard is
  -- evaluated on the locked, latest row version, so concurrent debits cannot overdraw. Balances also
  -- stay within JavaScript's exact integer range (they are read back as numbers).
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
        -- TypeScript supplies the caller's text (insufficientFundsMessage).
        RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'INSUFFICIENT_FUNDS', MESSAGE = 'Insufficient balance';
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'LIMIT_EXCEEDED',
        MESSAGE = 'This amount is more than an account can hold';
    END IF;
  END LOOP;

  INSERT INTO postings (id, entry_id, account_id, amount, currency, memo)
  SELECT l.leg->>'postingId', v_entry.id, v_ids[l.n], v_amounts[l.n], p_entry->>'currency', l.leg->>'memo'
    FROM jsonb_array_elements(p_legs) WITH ORDINALITY AS l(leg, n)
   ORDER BY l.n;

  RETURN jsonb_build_object('created', true, 'entry', to_jsonb(v_entry));
END;
$$;
--> statement-breakpoint
-- 3. Escrow. The answer of a replayed key: the hold as it is now and the entry the key posted, or
--    null when the key was never used.
CREATE OR REPLACE FUNCTION ledger_escrow_replay(p_transaction_id text, p_key text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_entry_id text;
  v_hold escrow_holds;
BEGIN
  SELECT id INTO v_entry_id FROM journal_entries WHERE idempotency_key = p_key;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT * INTO v_hold FROM escrow_holds WHERE transaction_id = p_transaction_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'LG001', MESSAGE = format('Entry %s exists without its escrow hold', p_key);
  END IF;
  RETURN jsonb_build_object('replayed', true, 'hold', to_jsonb(v_hold), 'entryId', v_entry_id);
END;
$$;
--> statement-breakpoint
-- Opens a hold (HELD) and posts its entry. p_hold: {id, transactionId, buyerId, sellerId, currency,
-- amount}; the rest as for ledger_post_entry. Returns {replayed, hold, entryId}.
CREATE OR REPLACE FUNCTION ledger_hold_escrow(
  p_hold jsonb,
  p_entry jsonb,
  p_legs jsonb,
  p_accounts jsonb,
  p_lock_ranks jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_hold escrow_holds;
  v_replay jsonb;
  v_posted jsonb;
BEGIN
  -- No pre-check for a replay: a replayed key means the hold row exists, so the insert finds it.
  INSERT INTO escrow_holds (id, transaction_id, buyer_id, seller_id, currency, amount)
  VALUES (p_hold->>'id', p_hold->>'transactionId', p_hold->>'buyerId', p_hold->>'sellerId',
          p_hold->>'currency', (p_hold->>'amount')::bigint)
  ON CONFLICT (transaction_id) DO NOTHING
  RETURNING * INTO v_hold;
  IF NOT FOUND THEN
    -- Same key: a replay (possibly of a request that committed while we waited on the index).
    v_replay := ledger_escrow_replay(p_hold->>'transactionId', p_entry->>'idempotencyKey');
    IF v_replay IS NOT NULL THEN
      RETURN v_replay;
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'CONFLICT',
      MESSAGE = 'Escrow is already funded for this transaction';
  END IF;
  v_posted := ledger_post_entry(p_entry, p_legs, p_accounts, p_lock_ranks);
  IF NOT (v_posted->>'created')::boolean THEN
    RAISE EXCEPTION USING ERRCODE = 'LG001',
      MESSAGE = format('Key %s was already used by another entry', p_entry->>'idempotencyKey');
  END IF;
  RETURN jsonb_build_object('replayed', false, 'hold', to_jsonb(v_hold), 'entryId', v_posted->'entry'->>'id');
END;
$$;
--> statement-breakpoint
-- The legs of a release (escrow → seller's price + platform fee) or a refund (escrow → buyer
-- [+ seller] [+ platform fee]), zero legs left out, in the order ledger.escrow.ts used to post them.
-- Codes as accountCodes builds them: user:{id}:{currency}, escrow:{transactionId}, platform:fees:{currency}.
CREATE OR REPLACE FUNCTION ledger_escrow_legs(p jsonb, p_hold escrow_holds) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(leg ORDER BY n), '[]'::jsonb)
    FROM (
      SELECT n, jsonb_strip_nulls(jsonb_build_object('code', code, 'amount', amount, 'memo', memo,
                                                     'postingId', p->'postingIds'->>(n - 1)::integer)) AS leg
        FROM (
          SELECT row_number() OVER (ORDER BY k) AS n, code, amount, memo
            FROM (VALUES
              (1, 'escrow:' || p_hold.transaction_id, -(p->>'total')::bigint, NULL::text),
              (2, CASE WHEN p->>'status' = 'RELEASED' THEN 'user:' || (p->>'sellerId') || ':' || p_hold.currency
                       ELSE 'user:' || p_hold.buyer_id || ':' || p_hold.currency END,
                  CASE WHEN p->>'status' = 'RELEASED' THEN (p->>'priceMinor')::bigint
                       ELSE (p->>'buyerAmountMinor')::bigint END,
                  CASE WHEN p->>'status' = 'RELEASED' THEN NULL ELSE 'refund_buyer' END),
              (3, CASE WHEN p->>'status' = 'REFUNDED' THEN
                    'user:' || nullif(coalesce(p->>'sellerId', p_hold.seller_id), '') || ':' || p_hold.currency END,
                  (p->>'sellerAmountMinor')::bigint, 'refund_seller'),
              (4, 'platform:fees:' || p_hold.currency, (p->>'feeMinor')::bigint, NULL)
            ) AS legs(k, code, amount, memo)
           WHERE code IS NOT NULL AND amount IS NOT NULL AND amount <> 0
        ) kept
    ) numbered;
$$;
--> statement-breakpoint
-- Resolves a hold exactly once (`where status = 'HELD'`) and posts its entry. p: {transactionId,
-- status: RELEASED | REFUNDED, idempotencyKey, entryId, postingIds[4], description, total, and
-- RELEASED: sellerId, priceMinor, feeMinor; REFUNDED: buyerAmountMinor, sellerAmountMinor, feeMinor,
-- sellerId (optional, else the hold's)}. The legs are built here from the hold (its currency and
-- buyer), with the codes of accountCodes in ledger.accounts.ts. When one of their accounts does not
-- exist yet and p_accounts has no description for it, nothing is written and the answer is
-- {describe: [codes], currency}: TypeScript describes them and calls again.
-- Returns {replayed, hold, entryId}.
CREATE OR REPLACE FUNCTION ledger_resolve_escrow(
  p jsonb,
  p_accounts jsonb,
  p_lock_ranks jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_transaction_id text := p->>'transactionId';
  v_key text := p->>'idempotencyKey';
  v_release boolean := p->>'status' = 'RELEASED';
  v_hold escrow_holds;
  v_seller text;
  v_legs jsonb;
  v_describe text[];
  v_replay jsonb;
  v_posted jsonb;
BEGIN
  -- Accounts the entry will need that TypeScript has not described yet (a first credit to a wallet,
  -- the first fee in a currency): ask for them before writing anything.
  SELECT * INTO v_hold FROM escrow_holds WHERE transaction_id = v_transaction_id;
  IF FOUND AND v_hold.status = 'HELD' THEN
    v_legs := ledger_escrow_legs(p, v_hold);
    SELECT array_agg(DISTINCT leg->>'code') INTO v_describe
      FROM jsonb_array_elements(v_legs) AS leg
     WHERE p_accounts->(leg->>'code') IS NULL
       AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.code = leg->>'code');
    IF v_describe IS NOT NULL THEN
      RETURN jsonb_build_object('describe', to_jsonb(v_describe), 'currency', v_hold.currency);
    END IF;
  END IF;

  -- A replayed key means this hold was already resolved by it: the guarded update finds nothing.
  UPDATE escrow_holds SET status = p->>'status', resolved_at = now(), updated_at = now()
   WHERE transaction_id = v_transaction_id AND status = 'HELD'
  RETURNING * INTO v_hold;
  IF NOT FOUND THEN
    v_replay := ledger_escrow_replay(v_transaction_id, v_key);
    IF v_replay IS NOT NULL THEN
      RETURN v_replay;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM escrow_holds WHERE transaction_id = v_transaction_id) THEN
      RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'CONFLICT',
        MESSAGE = 'Escrow is not funded for this transaction';
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'LG002', DETAIL = 'CONFLICT', MESSAGE = 'Escrow has already been resolved';
  END IF;
  IF (p->>'total')::bigint <> v_hold.amount THEN
    RAISE EXCEPTION USING ERRCODE = 'LG001',
      MESSAGE = format('Resolution of %s does not match the hold of %s', p->>'total', v_hold.amount);
  END IF;
  v_seller := CASE WHEN v_release THEN p->>'sellerId' ELSE coalesce(p->>'sellerId', v_hold.seller_id) END;
  -- As before, an empty seller id counts as none (no seller leg), though the metadata keeps it.
  IF NOT v_release AND (p->>'sellerAmountMinor')::bigint > 0 AND coalesce(v_seller, '') = '' THEN
    RAISE EXCEPTION USING ERRCODE = 'LG001', MESSAGE = 'A refund that pays the seller needs the seller id';
  END IF;

  v_posted := ledger_post_entry(
    jsonb_build_object(
      'id', p->>'entryId',
      'idempotencyKey', v_key,
      'kind', CASE WHEN v_release THEN 'ESCROW_RELEASE' ELSE 'ESCROW_REFUND' END,
      'description', p->>'description',
      'currency', v_hold.currency,
      'userId', CASE WHEN v_release THEN v_seller ELSE v_hold.buyer_id END,
      'transactionId', v_transaction_id,
      'metadata', jsonb_build_object('buyerId', v_hold.buyer_id, 'sellerId', v_seller)),
    ledger_escrow_legs(p, v_hold), p_accounts, p_lock_ranks);
  IF NOT (v_posted->>'created')::boolean THEN
    RAISE EXCEPTION USING ERRCODE = 'LG001', MESSAGE = format('Key %s was already used by another entry', v_key);
  END IF;
  RETURN jsonb_build_object('replayed', false, 'hold', to_jsonb(v_hold), 'entryId', v_posted->'entry'->>'id');
END;
$$;
