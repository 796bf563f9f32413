import { fromPromise } from 'xstate';
import { type OperatorCurrency, operatorCurrenciesMachine } from '../../../../machines/operator/currencies';
import type { ApiClient } from '../../../api';
import { payloadOf } from './requests';

/** /operator/currencies: the display currencies' list. */
export const currenciesScreens = {
  /** GET /operator/currencies. */
  operatorCurrencies: (api: ApiClient) =>
    operatorCurrenciesMachine.provide({
      actors: {
        fetchCurrencies: fromPromise<OperatorCurrency[]>(async ({ signal }) =>
          payloadOf(api.GET('/operator/currencies', { signal })),
        ),
      },
    }),
};
