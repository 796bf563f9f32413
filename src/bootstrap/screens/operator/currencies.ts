import { operatorCurrenciesMachine } from '../../../../machines/operator/currencies';
import type { ApiClient } from '../../../api';
import { answering } from './requests';

/** /operator/currencies: the display currencies' list. */
export const currenciesScreens = {
  /** GET /operator/currencies. */
  operatorCurrencies: (api: ApiClient) =>
    operatorCurrenciesMachine.provide({
      actors: { fetchCurrencies: answering((_, signal) => api.GET('/operator/currencies', { signal })) },
    }),
};
