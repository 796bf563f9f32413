import isoCountries from 'i18n-iso-countries';

/**
 * Every ISO 3166-1 alpha-2 code (from i18n-iso-countries, which also lists XK, Kosovo's widely
 * used user-assigned code), named through the runtime's CLDR data (Intl.DisplayNames), so names
 * match what browsers show.
 */
export function countryRows(languageCodes: readonly string[]) {
  const names = languageCodes.map((code) => ({
    code,
    names: new Intl.DisplayNames([code], { type: 'region' }),
  }));
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  return Object.keys(isoCountries.getAlpha2Codes())
    .sort()
    .map((iso) => ({
      iso,
      title: english.of(iso) ?? iso,
      titles: Object.fromEntries(names.map(({ code, names }) => [code, names.of(iso) ?? iso])),
    }));
}
