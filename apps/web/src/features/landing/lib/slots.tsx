import { Fragment, type ReactNode } from 'react';

const OPEN = '\uE000';
const CLOSE = '\uE001';
const SLOT = new RegExp(`${OPEN}(\\d+)${CLOSE}`);

/**
 * What a `t()` placeholder gets where markup (a link, a bold figure) goes inside a sentence:
 * `slot(0)` for the first element given to fillSlots, `slot(1)` for the second.
 */
export const slot = (index: number) => `${OPEN}${index}${CLOSE}`;

/**
 * A translated sentence with markup inside, kept one message so a translator can put the link or the
 * bold figure where their language needs it: `fillSlots(t('Questions: {email}.', { email: slot(0) }), <a …/>)`.
 */
export function fillSlots(text: string, ...elements: ReactNode[]): ReactNode {
  return text
    .split(SLOT)
    .map((part, index) => <Fragment key={index}>{index % 2 === 0 ? part : elements[Number(part)]}</Fragment>);
}
