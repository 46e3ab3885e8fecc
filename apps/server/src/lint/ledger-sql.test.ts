import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The ESLint rule that keeps raw SQL on the ledger tables inside modules/ledger
 * (scripts/eslint/no-ledger-tables-in-sql.mjs), run through ESLint with the repository's own config
 * (eslint.config.js) on the boundary fixture's deliberate violation and on table-like words that are
 * not SQL, so loosening the rule or dropping it from the config fails here.
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rule's messages for a piece of source linted as if it were the given file of the server. */
async function ledgerSqlFindings(source: string, file = 'apps/server/src/modules/wallet/wallet.example.ts') {
  const [result] = await eslint.lintText(source, { filePath: `${root}${file}` });
  return result!.messages.filter((m) => m.ruleId === 'escrow/no-ledger-tables-in-sql').map((m) => m.message);
}

describe('no ledger tables in SQL outside the ledger module', () => {
  it("rejects the boundary fixture's raw SQL", async () => {
    const fixture = 'apps/server/test-fixtures/boundaries/modules/beta/beta.ledger-sql.ts';
    const findings = await ledgerSqlFindings(readFileSync(`${root}${fixture}`, 'utf8'));
    expect(findings).toEqual([expect.stringContaining("'escrow_holds'")]);
  });

  it.each([
    ['a template', 'const q = sql`select * from postings p where p.amount < 0`;', 'postings'],
    [
      'a join after a placeholder',
      'const q = sql`select 1 from ${t} join journal_entries e on true`;',
      'journal_entries',
    ],
    ['a string', "const q = 'UPDATE ledger_accounts SET balance = 0';", 'ledger_accounts'],
    [
      'a quoted, qualified name',
      'const q = `insert into "public"."escrow_holds" values (1)`;',
      'escrow_holds',
    ],
  ])('rejects %s', async (_name, source, table) => {
    expect(await ledgerSqlFindings(source)).toEqual([expect.stringContaining(`'${table}'`)]);
  });

  it.each([
    ['the word in a sentence', 'const text = `${n} entries, ${m} postings, 2 escrow holds open`;'],
    ['an identifier', 'const postings = [{ account: "escrow:1", amount: 5 }];'],
    ['another table', 'const q = sql`select * from transactions`;'],
  ])('accepts %s', async (_name, source) => {
    expect(await ledgerSqlFindings(source)).toEqual([]);
  });

  it('lets the ledger module and test code name its tables', async () => {
    const source = 'const q = sql`select * from postings`;';
    expect(await ledgerSqlFindings(source, 'apps/server/src/modules/ledger/ledger.example.ts')).toEqual([]);
    expect(await ledgerSqlFindings(source, 'apps/server/src/modules/wallet/wallet.example.test.ts')).toEqual(
      [],
    );
  });
});
