/** A compiled catalogue (i18n-catalogues.ts): messageKey(English id) → compiled ICU message. */
declare module 'virtual:i18n/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
