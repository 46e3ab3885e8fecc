import { Fragment } from 'react';

/**
 * The params that keep each named placeholder as it is: `t('… {header} …', codeMarks('header'))` gives
 * the sentence in the screens' language with `{header}` still in it, for CodeText to fill.
 */
export const codeMarks = (...names: string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, `{${name}}`]));

/**
 * A translated sentence with code names in it: each `{name}` left by codeMarks is shown as `codes[name]`
 * in <code>. A translator sees the sentence whole; the code names are never translated.
 */
export function CodeText({ text, codes }: { text: string; codes: Record<string, string> }) {
  return (
    <>
      {text.split(/\{(\w+)\}/).map((part, index) => (
        <Fragment key={index}>
          {index % 2 === 0 ? part : <code className="font-mono text-xs">{codes[part] ?? part}</code>}
        </Fragment>
      ))}
    </>
  );
}
