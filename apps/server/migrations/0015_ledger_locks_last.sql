-- The balance locks are taken last, so the rows every event touches (the platform fee account, the
-- external funding account, a busy wallet) are locked only for the balance updates and the commit,
-- not while the entry's postings are written and checked. ledger_post_entry does what 0003's did,
-- with the same arguments, answers and errors, in a different order:
--   1. the entry (or the existing one for a repeated idempotency key), as before;
--   2. each leg's account in one lookup; accounts named by code that do not exist yet are created
--      from describeAccount's description, then looked up again (before, every code was probed twice);
--   3. the postings (their triggers check currency and balance, as before), before any balance moves;
--   4. the cached balances, netted per account, in the fixed lock order, each under its guard.
-- An entry that would overdraw an account is still refused with INSUFFICIENT_FUNDS and nothing of it
-- stays (the statement fails whole). A posting's own refusal (an account in another currency) now comes
-- before an overdraft in the same entry; both are refusals of the whole entry.
-- Locks: the postings' foreign keys take FOR KEY SHARE on the accounts before the updates, which
-- conflicts only with FOR UPDATE (lockWallet, taken first in its transaction, before any posting), so
-- the exclusive row locks are still taken in the one fixed order and cannot deadlock.
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

  -- Each leg's account, by code or by id (index lookups, never a scan); a second pass only when an
  -- account named by code had to be created.
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

    -- Accounts named by code are created on first use, from describeAccount's description.
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
    -- In code order, so two transactions creating the same accounts queue instead of deadlocking.
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

  -- Cached balances, netted per account, locked in the fixed order (lockRank, then id): the guard is
  -- evaluated on the locked, latest row version, so concurrent debits cannot overdraw. Balances also
  -- stay within JavaScript's exact integer range (they are read back as numbers). Last, so that these
  -- row locks are held only from here to the commit.
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

  RETURN jsonb_build_object('created', true, 'entry', to_jsonb(v_entry));
END;
$$;
--> statement-breakpoint
-- A release or refund builds its legs once (it built them twice: to ask for missing accounts, then to
-- post) and ledger_escrow_legs is PL/pgSQL, whose query plan each connection keeps (as an SQL function
-- called from PL/pgSQL it was planned again on every call). Same legs, same answers.
CREATE OR REPLACE FUNCTION ledger_escrow_legs(p jsonb, p_hold escrow_holds) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
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
      ) numbered
  );
END;
$$;
--> statement-breakpoint
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
  v_read escrow_holds;
  v_seller text;
  v_legs jsonb;
  v_describe text[];
  v_replay jsonb;
  v_posted jsonb;
BEGIN
  -- Accounts the entry will need that TypeScript has not described yet (a first credit to a wallet,
  -- the first fee in a currency): ask for them before writing anything.
  SELECT * INTO v_read FROM escrow_holds WHERE transaction_id = v_transaction_id;
  IF FOUND AND v_read.status = 'HELD' THEN
    v_legs := ledger_escrow_legs(p, v_read);
    SELECT array_agg(DISTINCT leg->>'code') INTO v_describe
      FROM jsonb_array_elements(v_legs) AS leg
     WHERE p_accounts->(leg->>'code') IS NULL
       AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.code = leg->>'code');
    IF v_describe IS NOT NULL THEN
      RETURN jsonb_build_object('describe', to_jsonb(v_describe), 'currency', v_read.currency);
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

  -- The legs read above, unless the hold was not HELD then or its parties differ in the row now locked.
  IF v_legs IS NULL OR (v_hold.currency, v_hold.buyer_id, v_hold.seller_id)
                       IS DISTINCT FROM (v_read.currency, v_read.buyer_id, v_read.seller_id) THEN
    v_legs := ledger_escrow_legs(p, v_hold);
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
    v_legs, p_accounts, p_lock_ranks);
  IF NOT (v_posted->>'created')::boolean THEN
    RAISE EXCEPTION USING ERRCODE = 'LG001', MESSAGE = format('Key %s was already used by another entry', v_key);
  END IF;
  RETURN jsonb_build_object('replayed', false, 'hold', to_jsonb(v_hold), 'entryId', v_posted->'entry'->>'id');
END;
$$;
