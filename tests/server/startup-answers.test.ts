// The answers a render is given (server/render/startup-answers.ts): kept as long as a page, read
// again after an operator's change on this node (docs/decisions/0055), and the visitor's cookies
// as the choices a page is rendered with (docs/decisions/0054).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueChanged } from '../../server/catalogue/catalogue-changes';
import { startupAnswers, visitorChoices } from '../../server/render/startup-answers';
import { createTestApi, type TestApi } from './support/api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(async () => {
  await api?.close();
});

describe('startupAnswers', () => {
  it('gives an answer again to the next render, and reads it anew once the catalogue changed', async () => {
    const answer = startupAnswers(api.database.db, api.app.log, false);
    const first = answer('/languages', new URLSearchParams());
    expect(answer('/languages', new URLSearchParams())).toBe(first);
    expect(answer('/products', new URLSearchParams('lang_id=2&page=1'))).toBe(
      answer('/products', new URLSearchParams('page=1&lang_id=2')),
    );
    catalogueChanged(api.database.db);
    const after = answer('/languages', new URLSearchParams());
    expect(after).not.toBe(first);
    expect(await after).toEqual(await first);
  });
});

describe('visitorChoices', () => {
  it('keeps a listed language and an offered currency other than the defaults, and nothing else', async () => {
    const choose = visitorChoices(api.database.db);
    const languages = (await api.app.inject({ url: '/api/languages' })).json().payload as {
      id: number;
      default: 0 | 1;
    }[];
    const currencies = (await api.app.inject({ url: '/api/currencies' })).json().payload as {
      code: string;
    }[];
    const usual = languages.find((language) => language.default === 1);
    const other = languages.find((language) => language.default === 0);
    const [firstCurrency, otherCurrency] = currencies.map((currency) => currency.code);
    expect(
      await choose({ consent: 'true', languageId: String(other?.id), currencyCode: otherCurrency }),
    ).toEqual({ cookieConsent: 'true', languageId: other?.id, currencyCode: otherCurrency });
    const defaults = { cookieConsent: undefined, languageId: null, currencyCode: null };
    expect(
      await choose({ consent: 'false', languageId: String(usual?.id), currencyCode: firstCurrency }),
    ).toEqual(defaults);
    expect(await choose({ consent: 'yes', languageId: '99999', currencyCode: 'XXX' })).toEqual(defaults);
    expect(await choose({ consent: undefined, languageId: '2abc', currencyCode: undefined })).toEqual(
      defaults,
    );
  });
});
