import { assign, sendTo } from 'xstate';
import { defineMessages, serverTextOr } from '../text';
import { toast } from '../toasts';
import { type DoneEvent, formMachine } from './formMachine';
import { formMessages } from './messages';
import { NO_ERRORS } from './rules';

/**
 * The account's "Your data" tab (docs/product.md §2): download what the store holds, or delete the
 * account. Each is a form of one field, the password typed again.
 */
export const accountDataMessages = defineMessages({
  exported: { id: 'account.data.exported', defaultMessage: 'Your data was downloaded.' },
  exportFailed: { id: 'account.data.exportFailed', defaultMessage: 'Failed to download your data' },
  deleted: { id: 'account.data.deleted', defaultMessage: 'Your account was deleted.' },
  deleteFailed: { id: 'account.data.deleteFailed', defaultMessage: 'Failed to delete your account' },
});

export interface PasswordValues {
  password: string;
}

/** What POST /user/data-export answers: the document and the name to save it under. */
export interface DataExport {
  fileName: string;
  json: string;
}

const EMPTY: PasswordValues = { password: '' };
const passwordRules = [
  {
    field: 'password' as const,
    message: formMessages.passwordRequired,
    valid: (v: PasswordValues) => v.password !== '',
  },
];

export const exportDataMachine = formMachine({
  id: 'exportData',
  description: [
    "Download my data (docs/product.md §2 'Your data'): CHANGE {field: 'password', value}; SUBMIT checks 'Password is",
    "required', then POST /user/data-export. Answered: the browser saves the JSON (saveFile), the form empties and the",
    "toast 'Your data was downloaded.'. A wrong password shows the server's message at the field; anything else the",
    "server's message or 'Failed to download your data'; a cancelled call nothing. SUBMIT is not accepted while exporting.",
  ].join(' '),
  context: () => ({ values: EMPTY }),
  rules: passwordRules,
  fieldsFromServer: { password: 'password' },
  failureMessage: accountDataMessages.exportFailed,
  request: { id: 'exportData', input: ({ values }) => ({ password: values.password }) },
  sending: 'exporting',
  onDone: {
    target: 'editing',
    actions: [
      { type: 'saveFile', params: ({ event }: { event: DoneEvent<DataExport> }) => event.output },
      'empty',
      'announce',
    ],
  },
  actions: {
    /** Hands the document to the browser as a download: provided by bootstrap. */
    saveFile: (_: unknown, _params: DataExport) => {},
    empty: assign({ values: EMPTY, ...NO_ERRORS }),
    announce: toast('success', accountDataMessages.exported),
  },
});

export const deleteAccountMachine = formMachine({
  id: 'deleteAccount',
  description: [
    "Delete my account (docs/product.md §2 'Your data'): CHANGE {field: 'password', value}; SUBMIT checks 'Password is",
    "required', then POST /user/delete. Deleted: the toast with the server's message or 'Your account was deleted.' and",
    'LOGOUT to the session (the server ended every session: the store signs out here and goes home). A wrong password',
    "shows the server's message at the field; anything else the server's message or 'Failed to delete your account'.",
  ].join(' '),
  context: () => ({ values: EMPTY }),
  rules: passwordRules,
  fieldsFromServer: { password: 'password' },
  failureMessage: accountDataMessages.deleteFailed,
  request: { id: 'deleteAccount', input: ({ values }) => ({ password: values.password }) },
  sending: 'deleting',
  states: ({ editing, request }) => ({ editing, deleting: request, deleted: { type: 'final' } }),
  onDone: {
    target: 'deleted',
    actions: [
      {
        type: 'announce',
        params: ({ event }: { event: DoneEvent<string | undefined> }) => ({
          kind: 'success' as const,
          text: serverTextOr(event.output, accountDataMessages.deleted),
        }),
      },
      'signOut',
    ],
  },
  actions: {
    announce: toast(),
    signOut: sendTo(({ system }) => system.get('session'), { type: 'LOGOUT' }),
  },
});
