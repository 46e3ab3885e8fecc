/**
 * The ledger tables are read and written only by apps/server/src/modules/ledger. Imports of their
 * definitions are caught by the boundary lint (.dependency-cruiser.cjs); this rule catches the other way
 * in: raw SQL in a string or template that names one of them after FROM, JOIN, INTO, UPDATE or TABLE.
 */
export const LEDGER_TABLES = ['ledger_accounts', 'journal_entries', 'postings', 'escrow_holds'];

const NAMED_IN_SQL = new RegExp(
  `\\b(?:from|join|into|update|table)\\s+(?:only\\s+)?(?:"?public"?\\.)?"?(${LEDGER_TABLES.join('|')})\\b`,
  'i',
);

/** @type {import('eslint').Rule.RuleModule} */
export const noLedgerTablesInSql = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the ledger module names the ledger tables in SQL.' },
    schema: [],
    messages: {
      ledgerTable:
        "SQL naming the ledger table '{{table}}' outside modules/ledger: use a function of the ledger " +
        "module's index.ts instead.",
    },
  },
  create(context) {
    const check = (node, text) => {
      const match = NAMED_IN_SQL.exec(text);
      if (match) context.report({ node, messageId: 'ledgerTable', data: { table: match[1] } });
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateLiteral(node) {
        // The template's text with each placeholder as a space, so "from ${x} join postings" still reads.
        check(node, node.quasis.map((quasi) => quasi.value.raw).join(' '));
      },
    };
  },
};
