import {
  type AnyActorRef,
  type AnyEventObject,
  and,
  assign,
  type EventObject,
  fromPromise,
  type MachineContext,
  type MetaObject,
  type ParameterizedObject,
  type ProvidedActor,
  type StateMachine,
  type StateSchema,
  type StateValue,
  setup,
  type UnknownActorLogic,
} from 'xstate';
import { isSilentFailure } from '../../domain/api-failure';
import type { MessageText } from '../text';
import { type PrefillEvent, prefilled } from './prefill';
import {
  type FieldErrors,
  type FormErrors,
  failureErrors,
  firstFailure,
  isValid,
  NO_ERRORS,
  type Rule,
  withoutError,
} from './rules';

/**
 * The one form machine (docs/decisions/0036-one-form-machine.md): editing → sending → done, or
 * back to editing with the first broken rule at its field, the server's field errors at theirs, or
 * one message for the form (docs/product.md §8); a cancelled call shows nothing. A form is its values, its
 * rules, its request and what success does; anything else it has (a link, a lock, a phone field)
 * comes in by the hooks.
 */

/** What every form holds; a form adds its own context next to it. */
export interface FormContext<V, F extends string> extends FormErrors<F> {
  values: V;
  errors: FieldErrors<F>;
}

export type ChangeEvent<F extends string> = { type: 'CHANGE'; field: F; value: string };
export type FormEvent<F extends string> = ChangeEvent<F> | PrefillEvent | { type: 'SUBMIT' };

/** The request's results as the machine receives them (for `onDone`/`onError` hooks). */
export type DoneEvent<O> = { type: string; output: O };
export type ErrorEvent = { type: string; error: unknown };

/** A state, transition or action as xstate's config takes it; checked when the machine is built. */
export type Config = Record<string, unknown>;
type Transition = Config | string;

export interface FormSpec<V, F extends string, P, C, I, E extends EventObject, Em extends EventObject> {
  /** The machine's events (the form's FormEvent and its own), input and emitted events, as setup's `types`. */
  types?: { events?: E; input?: I; emitted?: Em };
  id: string;
  description: string;
  /** The values (and the form's own context) at the start, from the machine's input. */
  context: (input: I) => { values: V } & C;
  /**
   * Checked in order on SUBMIT; the first broken one is shown (rules.ts). A function of the context
   * when they depend on more than the values (the top-up's currency and minimum).
   */
  rules: readonly Rule<V, F>[] | ((context: { values: V } & C) => readonly Rule<V, F>[]);
  /** The request's field names → the form's fields, where its field errors (422) land. */
  fieldsFromServer: Readonly<Record<string, F>>;
  /**
   * The names of the server-rendered form's inputs → the form's fields, for PREFILL (ADR 0023);
   * absent when the server renders no such form.
   */
  prefill?: Readonly<Record<string, F>>;
  /** The form's message when the failure brings none (docs/product.md §8). */
  failureMessage: MessageText | ((error: unknown) => MessageText);
  /** The call the form makes: its actor's id (which bootstrap provides) and what it is sent. */
  request: { id: string; input: (context: { values: V } & C) => P };
  /** The sending state's name (default 'sending'). */
  sending?: string;
  /** The editing state's name (default 'editing'): where SUBMIT is taken and a failure comes back to. */
  editingState?: string;
  /** Where a successful request goes and what it does (its actions get the answer as the event). */
  onDone: Transition | Transition[];

  // Hooks: only what a form has beyond the skeleton.
  /** Where the machine starts (default 'editing'). */
  initial?: string;
  /**
   * The form's states, for a form with more than editing and sending: it places the two (by their
   * names) among its own, or nests the request state in one of them.
   */
  states?: (form: { editing: Config; request: Config }) => Record<string, Config>;
  /** Further transitions of the machine, of editing, of the sending state. */
  on?: Record<string, Transition | Transition[]>;
  editing?: Config;
  whileSending?: Record<string, Transition | Transition[]>;
  /** Failures handled otherwise, tried after a cancelled call and before the form's message. */
  onError?: Transition[];
  /** A guard SUBMIT needs besides the rules (a lock), by name. */
  submitGuard?: string;
  /** Actions run on every SUBMIT the form takes (valid or not), by name. */
  onSubmit?: string[];
  /** CHANGE (and PREFILL) only in editing, not in every state. */
  changeWhileEditing?: boolean;
  /** More values that change with a field (e.g. the phone's country following the country). */
  alsoChange?: (context: { values: V } & C, field: F, value: string) => Partial<V>;
  /** Region states next to the form's (the form itself becomes the `form` region). */
  regions?: Record<string, Config>;
  actions?: Record<string, unknown>;
  guards?: Record<string, unknown>;
  actors?: Record<string, UnknownActorLogic>;
  /** The root's own invoke (e.g. a lookup that runs alongside the form). */
  invoke?: Config;
}

/** The machine the factory builds, typed by the form's context, events, input and emitted events. */
export type FormMachine<
  TContext extends MachineContext,
  TEvent extends EventObject,
  TInput,
  TEmitted extends EventObject,
> = StateMachine<
  TContext,
  TEvent,
  Record<string, AnyActorRef | undefined>,
  ProvidedActor,
  ParameterizedObject,
  ParameterizedObject,
  string,
  StateValue,
  string,
  TInput,
  unknown,
  TEmitted,
  MetaObject,
  StateSchema
>;

type Plain = {
  values: Record<string, unknown>;
  errors: FieldErrors<string>;
  formError: FormErrors<string>['formError'];
  [key: string]: unknown;
};
type PlainSpec = FormSpec<
  Record<string, unknown>,
  string,
  unknown,
  Record<string, unknown>,
  unknown,
  EventObject,
  EventObject
>;

export const notProvided = (id: string) =>
  fromPromise<never, unknown>(async () => {
    throw new Error(`${id} is not provided`);
  });

export function formMachine<
  V,
  F extends string,
  P,
  C extends object,
  TInput = undefined,
  TEvent extends EventObject = FormEvent<F>,
  TEmitted extends EventObject = EventObject,
>(
  typed: FormSpec<V, F, P, C, TInput, TEvent, TEmitted>,
): FormMachine<FormContext<V, F> & C, TEvent, TInput, TEmitted> {
  // Typed at the edges (the spec, the machine); plain inside: xstate's setup does not follow generics.
  const spec = typed as unknown as PlainSpec;
  const sending = spec.sending ?? 'sending';
  const fallback = spec.failureMessage;
  const lock = spec.submitGuard;
  const submitOk = (guard: string) => (lock === undefined ? guard : and([lock, guard]));
  const back = `#${spec.id}${spec.regions ? '.form' : ''}.${spec.editingState ?? 'editing'}`;
  const rulesOf = (context: Plain) => (typeof spec.rules === 'function' ? spec.rules(context) : spec.rules);
  const submitted = spec.onSubmit ?? [];

  const change = changeField;
  const prefill = spec.prefill === undefined ? {} : { PREFILL: prefillFields };
  const edits = { CHANGE: change, ...prefill };

  const request: Config = {
    on: spec.whileSending,
    invoke: {
      id: spec.request.id,
      src: spec.request.id,
      input: ({ context }: { context: Plain }) => spec.request.input(context),
      onDone: spec.onDone,
      onError: [
        { guard: 'silent', target: back },
        ...(spec.onError ?? []),
        { target: back, actions: { type: 'showFailure', params: errorOf } },
      ],
    },
  };
  const editing: Config = {
    ...spec.editing,
    on: {
      ...(spec.changeWhileEditing ? edits : {}),
      SUBMIT: [
        { guard: submitOk('invalid'), actions: ['showFirstFailure', ...submitted] },
        {
          ...(lock === undefined ? {} : { guard: lock }),
          target: sending,
          actions: ['clearErrors', ...submitted],
        },
      ],
      ...(spec.editing?.on as Config | undefined),
    },
  };
  const editingState = spec.editingState ?? 'editing';
  const formStates = spec.states?.({ editing, request }) ?? { [editingState]: editing, [sending]: request };
  const form = { initial: spec.initial ?? editingState, states: formStates };

  const machine = setup({
    types: { context: {} as Plain, events: {} as AnyEventObject },
    actors: { [spec.request.id]: notProvided(spec.request.id), ...spec.actors },
    guards: {
      invalid: ({ context }) => !isValid(rulesOf(context), context.values),
      silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
      ...(spec.guards as Record<string, () => boolean>),
    },
    actions: {
      change: assign(({ context }, params: { field: string; value: string }) => ({
        values: {
          ...context.values,
          [params.field]: params.value,
          ...spec.alsoChange?.(context, params.field, params.value),
        },
        errors: withoutError(context.errors, params.field),
        formError: null,
      })),
      prefill: assign(({ context }, fields: PrefillEvent['fields']) => ({
        values: prefilled(context.values, fields, spec.prefill ?? {}),
      })),
      showFirstFailure: assign(({ context }) => ({ ...firstFailure(rulesOf(context), context.values) })),
      clearErrors: assign(NO_ERRORS),
      showFailure: assign((_, params: { error: unknown }) => ({
        ...failureErrors(
          params.error,
          spec.fieldsFromServer,
          typeof fallback === 'function' ? fallback(params.error) : fallback,
        ),
      })),
      ...(spec.actions as Record<string, () => void>),
    },
  }).createMachine({
    id: spec.id,
    description: spec.description,
    context: ({ input }: { input: unknown }) => ({ ...NO_ERRORS, ...spec.context(input) }),
    ...(spec.invoke ? { invoke: spec.invoke } : {}),
    on: { ...(spec.changeWhileEditing ? {} : edits), ...spec.on },
    ...(spec.regions ? { type: 'parallel' as const, states: { form, ...spec.regions } } : form),
  } as never);
  return machine as unknown as FormMachine<FormContext<V, F> & C, TEvent, TInput, TEmitted>;
}

/** CHANGE as the form takes it, for a form that takes it in more states than editing. */
export const changeField = { actions: { type: 'change', params: ({ event }: { event: unknown }) => event } };

/** PREFILL as the form takes it, for a form that takes it in more states than editing. */
export const prefillFields = {
  actions: { type: 'prefill', params: ({ event }: { event: PrefillEvent }) => event.fields },
};

/** The failed request's error, as `showFailure` (and a form's own failure actions) take it. */
export const errorOf = ({ event }: { event: ErrorEvent }) => ({ error: event.error });
