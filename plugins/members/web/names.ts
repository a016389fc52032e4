/** Country names in the reader's language, from the browser itself (no translation files needed). */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale === 'nb' ? 'nb' : locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
