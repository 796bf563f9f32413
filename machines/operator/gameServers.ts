import { assign, fromPromise, sendTo, setup } from 'xstate';
import { isSilentFailure } from '../../domain/api-failure';
import type { components } from '../../domain/contract';
import { copying } from '../clipboard';
import { type DoneEvent, type FormEvent, formMachine } from '../forms/formMachine';
import { filled, type Rule } from '../forms/rules';
import { defineMessages, failureText, type Text, withValues } from '../text';
import { toast } from '../toasts';
import { inlineEdit } from './inlineEdit';
import { loadStates } from './loadedList';

export type GameServerEntry = components['schemas']['GameServerEntry'];
/** A secret as the API answers it once (create, rotate): only its hash is kept. */
export type GameServerSecret = components['schemas']['GameServerSecretResponse']['payload'];

/** What adding a server or giving one a new secret answers: the secret, and the servers as they are now. */
export interface SecretAnswer {
  secret: GameServerSecret;
  servers: GameServerEntry[];
}

export const gameServersMessages = defineMessages({
  failed: { id: 'operator.servers.failed', defaultMessage: 'The game servers could not be loaded.' },
  rotateFailed: {
    id: 'operator.servers.rotateFailed',
    defaultMessage: 'The secret of {name} could not be changed.',
  },
  copied: { id: 'operator.servers.copied', defaultMessage: 'The secret was copied.' },
  copyFailed: {
    id: 'operator.servers.copyFailed',
    defaultMessage: 'The secret could not be copied: select it and copy it by hand.',
  },
  nameRequired: { id: 'operator.servers.nameRequired', defaultMessage: 'Enter a name' },
  nameLength: { id: 'operator.servers.nameLength', defaultMessage: 'The name is at most 40 characters' },
  nameFormat: {
    id: 'operator.servers.nameFormat',
    defaultMessage:
      'Use letters, digits, spaces and _ . - only, starting with a letter or digit (for example survival-1)',
  },
  addFailed: { id: 'operator.servers.addFailed', defaultMessage: 'The game server could not be added.' },
  renameFailed: {
    id: 'operator.servers.renameFailed',
    defaultMessage: 'The game server could not be renamed.',
  },
  renamed: { id: 'operator.servers.renamed', defaultMessage: 'The game server was renamed.' },
});

/** The API's game server name (openapi.yaml GameServerNameRequest): 1–40 characters of this pattern. */
export const GAME_SERVER_NAME_MAX_LENGTH = 40;
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _.-]*$/;

export interface NameValues {
  name: string;
}

export const nameRules: readonly Rule<NameValues, 'name'>[] = [
  { field: 'name', message: gameServersMessages.nameRequired, valid: (v) => filled(v.name) },
  {
    field: 'name',
    message: gameServersMessages.nameLength,
    valid: (v) => v.name.trim().length <= GAME_SERVER_NAME_MAX_LENGTH,
  },
  { field: 'name', message: gameServersMessages.nameFormat, valid: (v) => NAME_PATTERN.test(v.name.trim()) },
];

export interface GameServersContext {
  servers: GameServerEntry[];
  error: Text | null;
  /** The secret shown once, until DISMISS (or another one replaces it). */
  secret: GameServerSecret | null;
  /** The server whose new secret waits for CONFIRM. */
  rotating: GameServerEntry | null;
  rotateError: Text | null;
}

export type GameServersEvent =
  | { type: 'RETRY' }
  | { type: 'ROTATE'; id: number }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'COPY' }
  | { type: 'DISMISS' }
  /** From the add form (gameServerAdd): the new server's secret and the servers now. */
  | { type: 'ADDED'; answer: SecretAnswer }
  /** From the rename form (gameServerRename). */
  | { type: 'RENAMED'; server: GameServerEntry };

export const operatorGameServersMachine = setup({
  types: {
    context: {} as GameServersContext,
    events: {} as GameServersEvent,
  },
  actors: {
    /** GET /operator/game-servers. */
    fetchGameServers: fromPromise<GameServerEntry[]>(async () => {
      throw new Error('fetchGameServers is not provided');
    }),
    /** POST /operator/game-servers/{id}/rotate-secret, then the servers as they are now. */
    rotateSecret: fromPromise<SecretAnswer, { id: number }>(async () => {
      throw new Error('rotateSecret is not provided');
    }),
    writeClipboard: fromPromise<void, { text: string }>(async () => {
      throw new Error('writeClipboard is not provided');
    }),
  },
  guards: {
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
    known: ({ context, event }) =>
      event.type === 'ROTATE' && context.servers.some((server) => server.id === event.id),
    hasSecret: ({ context }) => context.secret !== null,
  },
  actions: {
    showAnswer: assign((_, answer: SecretAnswer) => ({ secret: answer.secret, servers: answer.servers })),
    notify: toast(),
  },
}).createMachine({
  id: 'operatorGameServers',
  description: [
    "The network's game servers in the operator console (/operator/game-servers): loads them (loading), then",
    "shows them by name (ready) or says why not ('The game servers could not be loaded.'; RETRY loads again, a",
    'cancelled request shows nothing). A server added by the add form (ADDED) or given a new secret shows that',
    'secret once, until DISMISS; COPY writes it to the clipboard and says so. ROTATE asks first (confirming):',
    'CONFIRM sends POST /operator/game-servers/{id}/rotate-secret (rotating) and shows the new secret; CANCEL',
    "keeps the old one; a refusal says 'The secret of {name} could not be changed.' or the server's message.",
    'RENAMED (the rename form saved) shows the new name.',
  ].join(' '),
  context: { servers: [], error: null, secret: null, rotating: null, rotateError: null },
  initial: 'loading',
  states: {
    ...loadStates<GameServersContext, GameServersEvent>()({
      load: 'fetchGameServers',
      rows: 'servers',
      failed: gameServersMessages.failed,
      loaded: 'ready',
    }),
    ready: {
      on: {
        ADDED: { actions: { type: 'showAnswer', params: ({ event }) => event.answer } },
        RENAMED: {
          actions: assign({
            servers: ({ context, event }) =>
              context.servers.map((server) => (server.id === event.server.id ? event.server : server)),
          }),
        },
        DISMISS: { actions: assign({ secret: null }) },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            ROTATE: {
              guard: 'known',
              target: 'confirming',
              actions: assign({
                rotating: ({ context, event }) =>
                  context.servers.find((server) => server.id === event.id) ?? null,
                rotateError: null,
              }),
            },
            COPY: { guard: 'hasSecret', target: 'copying' },
          },
        },
        confirming: {
          on: {
            CONFIRM: 'rotating',
            CANCEL: { target: 'idle', actions: assign({ rotating: null }) },
          },
        },
        rotating: {
          invoke: {
            id: 'rotateSecret',
            src: 'rotateSecret',
            input: ({ context }) => ({ id: context.rotating?.id ?? 0 }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'showAnswer', params: ({ event }) => event.output },
                assign({ rotating: null }),
              ],
            },
            onError: [
              { guard: 'silent', target: 'idle', actions: assign({ rotating: null }) },
              {
                target: 'idle',
                actions: assign({
                  rotateError: ({ context, event }) =>
                    failureText(
                      event.error,
                      withValues(gameServersMessages.rotateFailed, { name: context.rotating?.name ?? '' }),
                    ),
                  rotating: null,
                }),
              },
            ],
          },
        },
        copying: copying(({ secret }) => secret?.secret ?? '', {
          copied: gameServersMessages.copied,
          failed: gameServersMessages.copyFailed,
        }),
      },
    },
  },
});

export type AddEvent = FormEvent<'name'>;

export const gameServerAddMachine = formMachine({
  types: { events: {} as AddEvent },
  id: 'gameServerAdd',
  description: [
    "The operator's 'Add a game server' form (/operator/game-servers). CHANGE edits the name; SUBMIT checks",
    "'Enter a name', its 40 characters and its characters, then sends POST /operator/game-servers. Success",
    'empties the form and has the list show the new server and its secret, once (ADDED to',
    'operatorGameServers). A refusal shows at the name (422: a name taken regardless of case) or as the',
    "form's message, or 'The game server could not be added.'; nothing typed is lost; a cancelled call shows",
    'nothing.',
  ].join(' '),
  context: () => ({ values: { name: '' } }),
  rules: nameRules,
  fieldsFromServer: { name: 'name' },
  failureMessage: gameServersMessages.addFailed,
  request: { id: 'createGameServer', input: (context) => ({ name: context.values.name.trim() }) },
  onDone: {
    target: 'editing',
    actions: [assign({ values: { name: '' } }), 'showSecret'],
  },
  actions: {
    showSecret: sendTo(
      ({ system }) => system.get('operatorGameServers'),
      ({ event }) => ({ type: 'ADDED' as const, answer: (event as DoneEvent<SecretAnswer>).output }),
    ),
  },
});

export interface RenameContext {
  id: number;
}

export type RenameEvent = FormEvent<'name'> | { type: 'EDIT'; id: number; name: string } | { type: 'CANCEL' };

export interface RenameRequest {
  id: number;
  name: string;
}

const openRename = assign((_, params: { id: number; name: string }) => ({
  id: params.id,
  values: { name: params.name },
  errors: {},
  formError: null,
}));
export const gameServerRenameMachine = formMachine({
  types: { events: {} as RenameEvent },
  id: 'gameServerRename',
  description: [
    'Renaming a game server in the operator console (/operator/game-servers): EDIT opens the form with the',
    "server's name (editing; another EDIT takes another server, CANCEL closes it). CHANGE edits the name; SUBMIT",
    'checks it as the add form does, then sends PUT /operator/game-servers/{id}. Success closes the form, says',
    "'The game server was renamed.' and has the list show the new name (RENAMED to",
    "operatorGameServers). A refusal shows at the name (422: a name taken) or as the form's message, or 'The",
    "game server could not be renamed.'; nothing typed is lost; a cancelled call shows nothing.",
  ].join(' '),
  context: () => ({ values: { name: '' }, id: 0 }),
  ...inlineEdit({ type: 'open', params: ({ event }: { event: { id: number; name: string } }) => event }),
  rules: nameRules,
  fieldsFromServer: { name: 'name' },
  failureMessage: gameServersMessages.renameFailed,
  request: {
    id: 'renameGameServer',
    input: (context): RenameRequest => ({ id: context.id, name: context.values.name.trim() }),
  },
  onDone: {
    target: 'closed',
    actions: [
      { type: 'announce', params: { kind: 'success', text: gameServersMessages.renamed } },
      'showName',
    ],
  },
  actions: {
    open: openRename,
    announce: toast(),
    showName: sendTo(
      ({ system }) => system.get('operatorGameServers'),
      ({ event }) => ({ type: 'RENAMED' as const, server: (event as DoneEvent<GameServerEntry>).output }),
    ),
  },
});
