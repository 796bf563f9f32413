import type { components } from '../../domain/contract';
import { defineMessages } from '../text';
import { loadedListMachine } from './loadedList';

export type OperatorCurrency = components['schemas']['OperatorCurrency'];

export const currenciesMessages = defineMessages({
  failed: { id: 'operator.currencies.failed', defaultMessage: 'The currencies could not be loaded.' },
});

export const operatorCurrenciesMachine = loadedListMachine<OperatorCurrency, 'currencies'>({
  id: 'operatorCurrencies',
  description: [
    "The console's display currencies (/operator/currencies): loads every currency, hidden ones too, the default",
    "first (loading), then lists them with their rates (filled). A failed load shows the server's or client's",
    "message or 'The currencies could not be loaded.' and RETRY loads again; a cancelled request (leaving) shows",
    'nothing.',
  ].join(' '),
  /** GET /operator/currencies: every display currency, hidden ones too, the default first. */
  load: 'fetchCurrencies',
  rows: 'currencies',
  failed: currenciesMessages.failed,
});
