import { assign, sendTo } from 'xstate';
import { failureKind } from '../../domain/api-failure';
import type { components } from '../../domain/contract';
import { type DoneEvent, errorOf, type FormEvent, formMachine } from '../forms/formMachine';
import { filled, type Rule } from '../forms/rules';
import { defineMessages } from '../text';
import { toast } from '../toasts';
import { type Filters, searchListMachine, searchPath } from './searchList';

export type Delivery = components['schemas']['Delivery'];
export type DeliveryState = components['schemas']['DeliveryState'];

export const DELIVERY_STATES: readonly DeliveryState[] = ['queued', 'leased', 'done', 'failed', 'uncertain'];

/** Deliveries per page of the list (the API pages by `before_id`). */
export const DELIVERIES_PER_PAGE = 25;

/** The API's longest note (openapi.yaml RequeueRequest, ResolveRequest). */
export const DELIVERY_NOTE_MAX_LENGTH = 1000;

export const deliveriesMessages = defineMessages({
  failed: { id: 'operator.deliveries.failed', defaultMessage: 'The deliveries could not be loaded.' },
  moreFailed: {
    id: 'operator.deliveries.moreFailed',
    defaultMessage: 'More deliveries could not be loaded.',
  },
  outcomeRequired: {
    id: 'operator.deliveries.outcomeRequired',
    defaultMessage: 'Choose what became of it in game',
  },
  noteRequired: { id: 'operator.deliveries.noteRequired', defaultMessage: 'Write what you checked' },
  noteLength: { id: 'operator.deliveries.noteLength', defaultMessage: 'The note is at most 1000 characters' },
  actionFailed: {
    id: 'operator.deliveries.actionFailed',
    defaultMessage: 'The delivery could not be changed.',
  },
  requeued: { id: 'operator.deliveries.requeued', defaultMessage: 'The delivery is queued again.' },
  resolved: { id: 'operator.deliveries.resolved', defaultMessage: 'The delivery is settled.' },
});

/**
 * The deliveries' filters as the address holds them ('' for none): `state`, the game server's and
 * the order's ids (digits), and the player (the API matches the whole name, any case).
 */
export interface DeliveriesSearch extends Filters {
  state: '' | DeliveryState;
  game_server_id: string;
  order_id: string;
  player: string;
}

export const NO_DELIVERIES_SEARCH: DeliveriesSearch = {
  state: '',
  game_server_id: '',
  order_id: '',
  player: '',
};

export const deliveriesPath = (search: DeliveriesSearch): string =>
  searchPath('/operator/deliveries', search);

/** What the operator may do with a delivery in this state; the API refuses the rest with 409. */
export const canSettle = (state: DeliveryState): boolean => state === 'failed' || state === 'uncertain';

export const operatorDeliveriesMachine = searchListMachine<DeliveriesSearch, Delivery>({
  id: 'operatorDeliveries',
  load: 'findDeliveries',
  path: deliveriesPath,
  failed: deliveriesMessages.failed,
  moreFailed: deliveriesMessages.moreFailed,
  rowUpdates: true,
  description: [
    'The deliveries in the operator console (/operator/deliveries?state=&game_server_id=&order_id=&player=):',
    "the route starts it with the address's filters and it loads the newest deliveries in that state, to that",
    `game server, of that order and player (loading), then shows them (filled, ${DELIVERIES_PER_PAGE} at a time) or`,
    'says none match (empty). CHANGE edits a filter; SEARCH goes to the address of the typed filters (the route',
    'starts the list anew), or loads the same ones again. MORE loads older deliveries below the shown ones',
    '(loadingMore); its failure keeps the list with a message. ROW (from deliveryAction) shows a requeued or',
    'settled delivery in place; RELOAD (a refusal because the delivery changed meanwhile) loads the list again.',
    "A failed load shows its message or 'The deliveries could not be loaded.' and RETRY loads again; a",
    'cancelled request shows nothing.',
  ].join(' '),
});

export type DeliveryActionKind = 'requeue' | 'resolve';

export interface DeliveryActionValues {
  /** Resolve only: what the operator found in game. */
  outcome: '' | 'done' | 'failed';
  note: string;
}
export type DeliveryActionField = keyof DeliveryActionValues;

export interface DeliveryActionContext {
  kind: DeliveryActionKind;
  /** The delivery the form is open for (its row as the list showed it). */
  delivery: Delivery | null;
}

export type DeliveryActionEvent =
  | FormEvent<DeliveryActionField>
  | { type: 'REQUEUE'; delivery: Delivery }
  | { type: 'RESOLVE'; delivery: Delivery }
  | { type: 'CANCEL' }
  | { type: 'BACK' }
  | { type: 'CONFIRM' };

/** What deliveryAction sends: POST …/requeue with an optional note, or …/resolve with both. */
export type DeliveryActionRequest =
  | { kind: 'requeue'; id: number; note: string }
  | { kind: 'resolve'; id: number; outcome: 'done' | 'failed'; note: string };

const noteFits = (v: DeliveryActionValues) => v.note.trim().length <= DELIVERY_NOTE_MAX_LENGTH;

const requeueRules: readonly Rule<DeliveryActionValues, DeliveryActionField>[] = [
  { field: 'note', message: deliveriesMessages.noteLength, valid: noteFits },
];
const resolveRules: readonly Rule<DeliveryActionValues, DeliveryActionField>[] = [
  { field: 'outcome', message: deliveriesMessages.outcomeRequired, valid: (v) => v.outcome !== '' },
  { field: 'note', message: deliveriesMessages.noteRequired, valid: (v) => filled(v.note) },
  { field: 'note', message: deliveriesMessages.noteLength, valid: noteFits },
];

const EMPTY: DeliveryActionValues = { outcome: '', note: '' };

const open = (kind: DeliveryActionKind) => ({
  target: '#deliveryAction.editing',
  actions: {
    type: 'open',
    params: ({ event }: { event: { delivery: Delivery } }) => ({ kind, delivery: event.delivery }),
  },
});

/** The same form opened again keeps what was typed; another delivery or action starts empty. */
const openForm = assign(
  (
    { context }: { context: DeliveryActionContext },
    params: { kind: DeliveryActionKind; delivery: Delivery },
  ) =>
    context.delivery?.id === params.delivery.id && context.kind === params.kind
      ? { delivery: params.delivery }
      : { ...params, values: EMPTY, errors: {}, formError: null },
);

export const deliveryActionMachine = formMachine({
  types: { events: {} as DeliveryActionEvent },
  id: 'deliveryAction',
  description: [
    'Requeue or Resolve of a failed or uncertain delivery (/operator/deliveries). REQUEUE or RESOLVE opens the',
    'form for that row (editing; the same form again keeps what was typed, another starts empty; CANCEL closes',
    "it). CHANGE edits the note and, to resolve, the outcome (done or failed); SUBMIT checks 'Choose what became",
    "of it in game' and 'Write what you checked' (resolve) and the note's 1000 characters, then asks for a",
    'confirmation (confirming.asking): BACK returns to the form, REQUEUE or RESOLVE opens that one, CONFIRM sends POST',
    '/operator/deliveries/{id}/requeue or …/resolve (confirming.sending). Success closes the form, says so and',
    'has the list show the row as it is now (ROW to operatorDeliveries). A 409 (the delivery changed meanwhile:',
    "leased, done, queued again) or 404 shows the server's message and has the list read again (RELOAD); other",
    "refusals show at their field or as the form's message; nothing typed is lost; a cancelled call shows nothing.",
  ].join(' '),
  context: (): { values: DeliveryActionValues } & DeliveryActionContext => ({
    values: EMPTY,
    kind: 'requeue',
    delivery: null,
  }),
  initial: 'closed',
  changeWhileEditing: true,
  rules: (context) => (context.kind === 'resolve' ? resolveRules : requeueRules),
  fieldsFromServer: { outcome: 'outcome', note: 'note' },
  failureMessage: deliveriesMessages.actionFailed,
  sending: 'confirming',
  request: {
    id: 'changeDelivery',
    input: (context): DeliveryActionRequest => {
      const id = context.delivery?.id ?? 0;
      const note = context.values.note.trim();
      return context.kind === 'resolve'
        ? { kind: 'resolve', id, outcome: context.values.outcome === 'done' ? 'done' : 'failed', note }
        : { kind: 'requeue', id, note };
    },
  },
  states: ({ editing, request }) => ({
    closed: { on: { REQUEUE: open('requeue'), RESOLVE: open('resolve') } },
    editing,
    confirming: {
      initial: 'asking',
      states: {
        asking: {
          on: {
            CONFIRM: 'sending',
            BACK: '#deliveryAction.editing',
            REQUEUE: open('requeue'),
            RESOLVE: open('resolve'),
          },
        },
        sending: request,
      },
    },
  }),
  editing: { on: { CANCEL: 'closed', REQUEUE: open('requeue'), RESOLVE: open('resolve') } },
  onError: [
    {
      guard: 'changedMeanwhile',
      target: '#deliveryAction.editing',
      actions: [{ type: 'showFailure', params: errorOf }, 'reloadList'],
    },
  ],
  onDone: {
    target: '#deliveryAction.closed',
    actions: [
      {
        type: 'announce',
        params: ({ context }: { context: DeliveryActionContext }) => ({
          kind: 'success',
          text: context.kind === 'resolve' ? deliveriesMessages.resolved : deliveriesMessages.requeued,
        }),
      },
      'showRow',
      assign({ values: EMPTY, delivery: null }),
    ],
  },
  guards: {
    changedMeanwhile: ({ event }: { event: { error?: unknown } }) =>
      failureKind(event.error) === 'conflict' || failureKind(event.error) === 'not-found',
  },
  actions: {
    open: openForm,
    announce: toast(),
    showRow: sendTo(
      ({ system }) => system.get('operatorDeliveries'),
      ({ event }) => ({ type: 'ROW' as const, row: (event as DoneEvent<Delivery>).output }),
    ),
    reloadList: sendTo(({ system }) => system.get('operatorDeliveries'), { type: 'RELOAD' as const }),
  },
});
