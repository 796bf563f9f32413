import {
  type CurrencySaveRequest,
  currencyEditorMachine,
} from '../../../../machines/operator/currencyEditor';
import type { ApiClient } from '../../../api';
import { answering, unlessNew } from './requests';

/** /operator/currencies/new and /operator/currencies/{code}: a currency's editor. */
export const currencyEditorScreens = {
  /** GET /operator/currencies/{code} (none for a new currency); POST or PATCH /operator/currencies. */
  currencyEditor: (api: ApiClient) =>
    currencyEditorMachine.provide({
      actors: {
        loadCurrency: unlessNew('code', (code: string, signal) =>
          api.GET('/operator/currencies/{code}', { params: { path: { code } }, signal }),
        ),
        saveCurrency: answering((input: CurrencySaveRequest, signal) =>
          input.kind === 'create'
            ? api.POST('/operator/currencies', { body: input.body, signal })
            : api.PATCH('/operator/currencies/{code}', {
                params: { path: { code: input.code } },
                body: input.body,
                signal,
              }),
        ),
      },
    }),
};
