ALTER TABLE "ledger_accounts" ADD COLUMN "deposited" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (issue 28): the wallet summary's "total deposits" summed every DEPOSIT posting of the wallet
-- on each read, so it grew with the account's history. It is now kept on the account row like the balance:
-- ledger_post_entry (the only function that writes DEPOSIT entries; holds and resolutions write their own
-- kinds) moves it with the balance, in the same UPDATE. The reconciliation (ledger.check.ts) compares it
-- with the postings, as it does the balance. Existing rows are filled from their postings here.
UPDATE ledger_accounts a SET deposited = s.total
  FROM (SELECT p.account_id, sum(p.amount) AS total
          FROM postings p JOIN journal_entries e ON e.id = p.entry_id AND e.kind = 'DEPOSIT'
         GROUP BY p.account_id) s
 WHERE a.id = s.account_id;
--> statement-breakpoint
-- Migration 0029's ledger_post_entry; only the balance UPDATE changes (it also moves `deposited`).
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
    UPDATE ledger_accounts SET balance = balance + v_net,
           deposited = deposited + CASE WHEN v_entry.kind = 'DEPOSIT' THEN v_net ELSE 0 END,
           updated_at = now()
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
