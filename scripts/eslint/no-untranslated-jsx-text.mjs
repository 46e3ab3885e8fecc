/**
 * Every text a screen shows goes through `t('…')` (apps/web/src/lib/i18n.ts, docs/languages.md), so it
 * is translated. This rule reports words written straight into JSX: text between tags, a text in braces
 * (`{'Save'}`, either side of a `?:` or after `&&`), and the text attributes people read or hear
 * (placeholder, title, alt, aria-label, label, …). A text that is not words (a symbol, a number, a
 * name such as Paystack) passes: it has no letters or is listed in NAMES.
 */
const TEXT_ATTRIBUTES = new Set([
  'placeholder',
  'title',
  'alt',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'label',
  'description',
  'emptyText',
  'heading',
  'subtitle',
]);

/** Names shown as they are in every language. */
const NAMES = new Set(['Amana', 'Paystack', 'NIN', 'BVN', 'CAC', 'NGN', 'OK', 'Naijá (Pidgin)']);

const hasWords = (text) => {
  const trimmed = text.trim();
  return trimmed !== '' && !NAMES.has(trimmed) && /\p{L}{2,}/u.test(trimmed);
};

/** @type {import('eslint').Rule.RuleModule} */
export const noUntranslatedJsxText = {
  meta: {
    type: 'problem',
    docs: { description: 'Screens show texts through t() so they are translated.' },
    schema: [],
    messages: {
      text: "Untranslated text '{{text}}' in JSX: show it with t('…') (docs/languages.md).",
    },
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    const checkExpression = (node) => {
      if (!node) return;
      if (node.type === 'Literal' && typeof node.value === 'string' && hasWords(node.value))
        report(node, node.value);
      else if (node.type === 'TemplateLiteral' && node.quasis.some((q) => hasWords(q.value.cooked ?? '')))
        report(node, node.quasis.map((q) => q.value.cooked).join('…'));
      else if (node.type === 'ConditionalExpression') {
        checkExpression(node.consequent);
        checkExpression(node.alternate);
      } else if (node.type === 'LogicalExpression') checkExpression(node.right);
    };
    return {
      JSXText(node) {
        if (hasWords(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type === 'JSXAttribute') return;
        checkExpression(node.expression);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !TEXT_ATTRIBUTES.has(name) || !node.value) return;
        if (node.value.type === 'Literal') {
          if (typeof node.value.value === 'string' && hasWords(node.value.value))
            report(node.value, node.value.value);
        } else if (node.value.type === 'JSXExpressionContainer') checkExpression(node.value.expression);
      },
    };
  },
};
