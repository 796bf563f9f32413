import { assign, fromPromise, setup } from 'xstate';
import { failureKind, isSilentFailure } from '../../domain/api-failure';
import type { components } from '../../domain/contract';
import { PLACEHOLDERS, templateProblem } from '../../domain/delivery-command';
import { type FieldErrors, failureErrors } from '../forms/rules';
import { defineMessages, failureText, type MessageText, type Text, withValues } from '../text';
import { toast } from '../toasts';
import type { GameServerEntry } from './gameServers';

export type ProductCommand = components['schemas']['ProductCommand'];
export type DeliveryCondition = ProductCommand['condition'];

/** The API's longest list (openapi.yaml ProductCommandsRequest). */
export const MAX_COMMANDS = 50;

export const commandsMessages = defineMessages({
  failed: { id: 'operator.commands.failed', defaultMessage: 'The delivery commands could not be loaded.' },
  saveFailed: {
    id: 'operator.commands.saveFailed',
    defaultMessage: 'The delivery commands could not be saved.',
  },
  saved: { id: 'operator.commands.saved', defaultMessage: 'The delivery commands were saved.' },
  serverRequired: { id: 'operator.commands.serverRequired', defaultMessage: 'Choose a game server' },
  templateRequired: { id: 'operator.commands.templateRequired', defaultMessage: 'Enter a command' },
  notOneCommand: {
    id: 'operator.commands.notOneCommand',
    defaultMessage: 'One command only: no line breaks',
  },
  unknownPlaceholder: {
    id: 'operator.commands.unknownPlaceholder',
    defaultMessage: 'Unknown placeholder {name}: use {placeholders}',
  },
  tooLong: {
    id: 'operator.commands.tooLong',
    defaultMessage: 'The command can become {longest} characters long; the game takes at most {limit}',
  },
});

/** One command as the operator edits it; `key` tells rows apart while they move. */
export interface CommandRow {
  key: number;
  game_server_id: string;
  template: string;
  condition: DeliveryCondition;
}
export type CommandField = 'game_server_id' | 'template' | 'condition';

/** A row's field's message, by `<key>.<field>`. */
export const fieldKey = (key: number, field: CommandField) => `${key}.${field}`;

export interface CommandsLoad {
  commands: ProductCommand[];
  servers: GameServerEntry[];
}

export interface CommandsInput {
  productId: number;
}

export interface CommandsContext extends CommandsInput {
  rows: CommandRow[];
  nextKey: number;
  servers: GameServerEntry[];
  errors: FieldErrors<string>;
  formError: Text | null;
  loadError: Text | null;
}

export type CommandsEvent =
  | { type: 'RETRY' }
  | { type: 'ADD' }
  | { type: 'REMOVE'; key: number }
  | { type: 'MOVE'; key: number; by: -1 | 1 }
  | { type: 'CHANGE'; key: number; field: CommandField; value: string }
  | { type: 'SAVE' };

export interface CommandsRequest {
  productId: number;
  commands: ProductCommand[];
}

const PLACEHOLDER_LIST = PLACEHOLDERS.map((name) => `{${name}}`).join(', ');

/** What is wrong with a template as typed (domain/delivery-command.ts, the rule the API applies). */
function templateMessage(template: string): MessageText | null {
  // The product's slug is not known here: {product} counts as empty, the API checks the full length.
  const problem = templateProblem(template, '');
  if (problem === null) return null;
  switch (problem.kind) {
    case 'empty':
      return commandsMessages.templateRequired;
    case 'notOneCommand':
      return commandsMessages.notOneCommand;
    case 'unknownPlaceholder':
      return withValues(commandsMessages.unknownPlaceholder, {
        name: `{${problem.name}}`,
        placeholders: PLACEHOLDER_LIST,
      });
    case 'tooLong':
      return withValues(commandsMessages.tooLong, { longest: problem.longest, limit: problem.limit });
  }
}

/** Every row's first broken rule, at its field. */
export function rowErrors(rows: readonly CommandRow[]): FieldErrors<string> {
  const errors: FieldErrors<string> = {};
  for (const row of rows) {
    if (row.game_server_id === '')
      errors[fieldKey(row.key, 'game_server_id')] = commandsMessages.serverRequired;
    const message = templateMessage(row.template);
    if (message !== null) errors[fieldKey(row.key, 'template')] = message;
  }
  return errors;
}

const rowsOf = (commands: readonly ProductCommand[]): CommandRow[] =>
  commands.map((command, index) => ({
    key: index + 1,
    game_server_id: String(command.game_server_id),
    template: command.template,
    condition: command.condition,
  }));

const withoutKey = (errors: FieldErrors<string>, key: number): FieldErrors<string> =>
  Object.fromEntries(Object.entries(errors).filter(([name]) => !name.startsWith(`${key}.`)));

export const productCommandsMachine = setup({
  types: {
    context: {} as CommandsContext,
    events: {} as CommandsEvent,
    input: {} as CommandsInput,
  },
  actors: {
    /** GET /operator/products/{id}/commands with GET /operator/game-servers. */
    loadCommands: fromPromise<CommandsLoad, CommandsInput>(async () => {
      throw new Error('loadCommands is not provided');
    }),
    /** PUT /operator/products/{id}/commands: the whole list; answers the list saved. */
    saveCommands: fromPromise<ProductCommand[], CommandsRequest>(async () => {
      throw new Error('saveCommands is not provided');
    }),
  },
  guards: {
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
    notFound: ({ event }) => 'error' in event && failureKind(event.error) === 'not-found',
    invalid: ({ context }) => Object.keys(rowErrors(context.rows)).length > 0,
    roomForMore: ({ context }) => context.rows.length < MAX_COMMANDS,
  },
  actions: {
    notify: toast(),
  },
}).createMachine({
  id: 'productCommands',
  description: [
    "A product's delivery commands on its console page (/operator/products/{id}; ADR 0031): loads the ordered",
    'list and the game servers (loading), then edits it (editing): ADD puts a new command last (at most 50; the',
    'only server preselected, condition any), REMOVE takes one out, MOVE shifts one up or down, CHANGE edits a',
    "command's game server, template or condition (online: only while the player is on that server). SAVE checks",
    "every command ('Choose a game server', 'Enter a command', one command, known placeholders, the game's",
    'length, by domain/delivery-command.ts) and sends the whole list (saving): it replaces the saved one. The',
    "API's 422 lands at its command's field (commands.<index>.template), anything else is the list's message or",
    "'The delivery commands could not be saved.'; nothing typed is lost; a cancelled call shows nothing. A",
    "failed load says 'The delivery commands could not be loaded.' (RETRY); a 404 is notFound. Not a form of",
    'formMachine: its fields are a list that grows, shrinks and moves.',
  ].join(' '),
  context: ({ input }) => ({
    productId: input.productId,
    rows: [],
    nextKey: 1,
    servers: [],
    errors: {},
    formError: null,
    loadError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ loadError: null }),
      invoke: {
        id: 'loadCommands',
        src: 'loadCommands',
        input: ({ context }) => ({ productId: context.productId }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => {
            const rows = rowsOf(event.output.commands);
            return { rows, nextKey: rows.length + 1, servers: event.output.servers };
          }),
        },
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { guard: 'silent', target: 'loadFailed' },
          {
            target: 'loadFailed',
            actions: assign({ loadError: ({ event }) => failureText(event.error, commandsMessages.failed) }),
          },
        ],
      },
    },
    notFound: {},
    loadFailed: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        ADD: {
          guard: 'roomForMore',
          actions: assign(({ context }) => ({
            rows: [
              ...context.rows,
              {
                key: context.nextKey,
                game_server_id: context.servers.length === 1 ? String(context.servers[0]?.id) : '',
                template: '',
                condition: 'any' as const,
              },
            ],
            nextKey: context.nextKey + 1,
            formError: null,
          })),
        },
        REMOVE: {
          actions: assign(({ context, event }) => ({
            rows: context.rows.filter((row) => row.key !== event.key),
            errors: withoutKey(context.errors, event.key),
            formError: null,
          })),
        },
        MOVE: {
          actions: assign(({ context, event }) => {
            const from = context.rows.findIndex((row) => row.key === event.key);
            const to = from + event.by;
            if (from < 0 || to < 0 || to >= context.rows.length) return {};
            const rows = [...context.rows];
            const [moved] = rows.splice(from, 1);
            if (moved !== undefined) rows.splice(to, 0, moved);
            return { rows, formError: null };
          }),
        },
        CHANGE: {
          actions: assign(({ context, event }) => {
            const { [fieldKey(event.key, event.field)]: _gone, ...errors } = context.errors;
            return {
              rows: context.rows.map((row) =>
                row.key === event.key ? { ...row, [event.field]: event.value } : row,
              ),
              errors,
              formError: null,
            };
          }),
        },
        SAVE: [
          { guard: 'invalid', actions: assign({ errors: ({ context }) => rowErrors(context.rows) }) },
          { target: 'saving', actions: assign({ errors: {}, formError: null }) },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveCommands',
        src: 'saveCommands',
        input: ({ context }) => ({
          productId: context.productId,
          commands: context.rows.map((row) => ({
            game_server_id: Number(row.game_server_id),
            template: row.template.trim(),
            condition: row.condition,
          })),
        }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ event }) => {
              const rows = rowsOf(event.output);
              return { rows, nextKey: rows.length + 1 };
            }),
            { type: 'notify', params: { kind: 'success', text: commandsMessages.saved } },
          ],
        },
        onError: [
          { guard: 'silent', target: 'editing' },
          {
            target: 'editing',
            actions: assign(({ context, event }) => {
              // The API names a command by its place in the list sent: commands.<index>.<field>.
              const fieldOf: Record<string, string> = {};
              context.rows.forEach((row, index) => {
                for (const field of ['game_server_id', 'template', 'condition'] as const)
                  fieldOf[`commands.${index}.${field}`] = fieldKey(row.key, field);
              });
              return failureErrors(event.error, fieldOf, commandsMessages.saveFailed);
            }),
          },
        ],
      },
    },
  },
});
