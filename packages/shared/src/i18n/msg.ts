/**
 * Marks an English text as a message to translate where it is defined but shown elsewhere (the texts
 * in texts/ and schemas/, option labels in a table). It returns the text unchanged: the screen or the
 * server translates it when it shows it (`t(TEXT.x)`). The extraction (scripts/i18n/extract.mjs)
 * collects every `msg('…')` and `t('…')` literal into the catalogues.
 */
export function msg<const T extends string>(text: T): T {
  return text;
}
