import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import type { Plugin } from 'vite';

const ID = 'virtual:calling-codes';

/**
 * `virtual:calling-codes`: each country's calling code ({DE: '49', …}), read from the phone
 * library when the app is built. The phone field lists the dial codes as soon as it renders; the
 * library itself (~37 KB gzip with its metadata) loads when the number is first typed in
 * (src/features/forms/phoneLibrary.ts, docs/decisions/0032).
 */
export function callingCodes(): Plugin {
  return {
    name: 'blockfront:calling-codes',
    resolveId: (source) => (source === ID ? `\0${ID}` : null),
    load(id) {
      if (id !== `\0${ID}`) return null;
      const codes = Object.fromEntries(getCountries().map((iso) => [iso, getCountryCallingCode(iso)]));
      return `export default ${JSON.stringify(codes)};`;
    },
  };
}
