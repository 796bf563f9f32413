import { fromPromise } from 'xstate';
import type { OperatorCurrency } from '../../../../machines/operator/currencies';
import {
  type CurrencySaveRequest,
  currencyEditorMachine,
} from '../../../../machines/operator/currencyEditor';
import type { ApiClient } from '../../../api';
import { payloadOf } from './requests';

/** /operator/currencies/new and /operator/currencies/{code}: a currency's editor. */
export const currencyEditorScreens = {
  /** GET /operator/currencies/{code} (none for a new currency); POST or PATCH /operator/currencies. */
  currencyEditor: (api: ApiClient) =>
    currencyEditorMachine.provide({
      actors: {
        loadCurrency: fromPromise<OperatorCurrency | null, { code: string | null }>(
          async ({ input, signal }) =>
            input.code === null
              ? null
              : payloadOf(
                  api.GET('/operator/currencies/{code}', { params: { path: { code: input.code } }, signal }),
                ),
        ),
        saveCurrency: fromPromise<OperatorCurrency, CurrencySaveRequest>(async ({ input, signal }) =>
          input.kind === 'create'
            ? payloadOf(api.POST('/operator/currencies', { body: input.body, signal }))
            : payloadOf(
                api.PATCH('/operator/currencies/{code}', {
                  params: { path: { code: input.code } },
                  body: input.body,
                  signal,
                }),
              ),
        ),
      },
    }),
};
