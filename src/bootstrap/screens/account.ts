import { fromPromise } from 'xstate';
import { balanceHistoryMachine, type HistoryPage, type HistoryQuery } from '../../../machines/balanceHistory';
import type { DetailInput } from '../../../machines/detail';
import {
  type DataExport,
  deleteAccountMachine,
  exportDataMachine,
  type PasswordValues,
} from '../../../machines/forms/accountData';
import {
  type ChangePasswordPayload,
  changeEmailMachine,
  changePasswordMachine,
} from '../../../machines/forms/accountSecurity';
import { profileEditMachine } from '../../../machines/forms/profileEdit';
import { type OrderDetail, orderDetailMachine } from '../../../machines/orderDetail';
import type { ProfileUpdate } from '../../../machines/shapes';
import { type TopUpAnswer, type TopUpRequest, topUpMachine } from '../../../machines/topUp';
import { type ApiClient, call } from '../../api';

/** The account tabs (docs/product.md §2 "Account page"), on the typed client. */
export const accountScreens = {
  /** GET /balance/history, a page at a time. */
  balanceHistory: (api: ApiClient) =>
    balanceHistoryMachine.provide({
      actors: {
        fetchHistory: fromPromise<HistoryPage, HistoryQuery>(
          async ({ input, signal }) =>
            (
              await call(
                api.GET('/balance/history', {
                  params: { query: { page: input.page, per_page: input.perPage } },
                  signal,
                }),
              )
            ).payload,
        ),
      },
    }),
  /** GET /orders/{id}; PRINT opens the browser's print dialog on the receipt (its print stylesheet). */
  orderDetail: (api: ApiClient) =>
    orderDetailMachine.provide({
      actors: {
        fetchOrder: fromPromise<OrderDetail, DetailInput>(
          async ({ input, signal }) =>
            (await call(api.GET('/orders/{id}', { params: { path: { id: input.id } }, signal }))).payload,
        ),
      },
      actions: { print: () => window.print() },
    }),
  /** PUT /user/profile. */
  profileEdit: (api: ApiClient) =>
    profileEditMachine.provide({
      actors: {
        updateProfile: fromPromise<void, ProfileUpdate>(async ({ input, signal }) => {
          await call(api.PUT('/user/profile', { body: input, signal }));
        }),
      },
    }),
  /** POST /user/change-password. */
  changePassword: (api: ApiClient) =>
    changePasswordMachine.provide({
      actors: {
        save: fromPromise<void, unknown>(async ({ input, signal }) => {
          const body = input as ChangePasswordPayload;
          await call(api.POST('/user/change-password', { body, signal }));
        }),
      },
    }),
  /** POST /user/change-email. */
  changeEmail: (api: ApiClient) =>
    changeEmailMachine.provide({
      actors: {
        save: fromPromise<void, unknown>(async ({ input, signal }) => {
          const body = input as { email: string; password: string };
          await call(api.POST('/user/change-email', { body, signal }));
        }),
      },
    }),
  /** POST /balance/top-up; the provider's page is followed by leaving the app. */
  topUp: (api: ApiClient) =>
    topUpMachine.provide({
      actors: {
        sendTopUp: fromPromise<TopUpAnswer, TopUpRequest>(async ({ input, signal }) => {
          const answer = await call(
            api.POST('/balance/top-up', {
              body: {
                amount: input.amount,
                currency: input.currency,
                payment_method: 'card',
                save_payment_method: input.savePaymentMethod,
                ...(input.returnTo === undefined ? {} : { return_to: input.returnTo }),
              },
              signal,
            }),
          );
          return { redirectUrl: answer.redirect_url };
        }),
      },
      actions: {
        followRedirect: (_, params) => window.location.assign((params as { url: string }).url),
      },
    }),
  /** POST /user/data-export; the answer is saved as the file the server names. */
  exportData: (api: ApiClient) =>
    exportDataMachine.provide({
      actors: {
        exportData: fromPromise<DataExport, PasswordValues>(async ({ input, signal }) => {
          let fileName = 'blockfront-data.json';
          const answer = await call(
            api.POST('/user/data-export', { body: input, signal }).then((result) => {
              const named = /filename="([^"]+)"/.exec(
                result.response.headers.get('content-disposition') ?? '',
              );
              if (named?.[1]) fileName = named[1];
              return result;
            }),
          );
          return { fileName, json: JSON.stringify(answer.payload, null, 2) };
        }),
      },
      actions: { saveFile: (_, params) => saveFile(params as DataExport) },
    }),
  /** POST /user/delete. */
  deleteAccount: (api: ApiClient) =>
    deleteAccountMachine.provide({
      actors: {
        deleteAccount: fromPromise<string | undefined, PasswordValues>(
          async ({ input, signal }) =>
            (await call(api.POST('/user/delete', { body: input, signal }))).message,
        ),
      },
    }),
};

/** Hands a document to the browser as a download. */
function saveFile({ fileName, json }: DataExport): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
