import { describe, expect, it } from 'vitest';
import {
  assign,
  type EventObject,
  emit,
  fromPromise,
  initialTransition,
  sendTo,
  setup,
  transition,
} from 'xstate';
import {
  afterEvent,
  assertFullCoverage,
  coverage,
  describePaths,
  doneEvent,
  errorEvent,
  pathPlan,
  replay,
  replayLive,
} from '../support/paths';

const door = setup({
  types: { events: {} as { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'LOCK' } },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'open', LOCK: 'locked' } },
    open: { on: { CLOSE: 'closed' } },
    locked: {},
  },
});

const kitchen = setup({
  types: {
    context: {} as { attempts: number },
    events: {} as { type: 'ORDER'; items: number } | { type: 'CANCEL' } | { type: 'RESET' },
  },
  guards: {
    isLargeOrder: ({ event }) => event.type === 'ORDER' && event.items > 3,
    hasRetriesLeft: ({ context }) => context.attempts < 2,
  },
  actors: { cook: fromPromise(async () => 'meal') },
}).createMachine({
  id: 'kitchen',
  context: { attempts: 0 },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ attempts: 0 }),
      on: {
        ORDER: [{ guard: 'isLargeOrder', target: 'catering' }, { target: 'cooking' }],
      },
    },
    cooking: {
      entry: assign({ attempts: ({ context }) => context.attempts + 1 }),
      invoke: { id: 'cook', src: 'cook', onDone: 'served', onError: 'failed' },
      after: { 5000: 'failed' },
      on: { CANCEL: 'idle' },
    },
    failed: {
      always: [{ guard: 'hasRetriesLeft', target: 'cooking' }, { target: 'closed' }],
    },
    catering: {
      type: 'parallel',
      states: {
        food: {
          initial: 'preparing',
          states: { preparing: { on: { CANCEL: 'done' } }, done: { type: 'final' } },
        },
        drinks: { initial: 'pouring', states: { pouring: { on: { CANCEL: '#kitchen.idle' } } } },
      },
    },
    served: { on: { RESET: 'idle' } },
    closed: { type: 'final' },
  },
});

const kitchenEvents = [
  { type: 'ORDER', items: 1 },
  { type: 'ORDER', items: 5 },
  { type: 'CANCEL' },
  { type: 'RESET' },
  doneEvent('cook', 'meal'),
  errorEvent('cook', new Error('burnt')),
  afterEvent(5000, 'kitchen.cooking'),
] as const;

describe('pathPlan', () => {
  it('fails, naming the edge, when a transition is unreachable with the given events', () => {
    const plan = pathPlan(door, { events: [{ type: 'OPEN' }, { type: 'CLOSE' }] });
    expect(plan.uncovered.map((e) => e.label)).toEqual(['closed → locked on LOCK']);
    expect(coverage(plan)).toEqual({ transitions: 3, covered: 2 });
    expect(() => assertFullCoverage(plan)).toThrow('closed → locked on LOCK');
  });

  it('fails when a guard is never made false by the candidate payloads', () => {
    const plan = pathPlan(kitchen, { events: kitchenEvents.filter((e) => !('items' in e && e.items === 1)) });
    expect(plan.uncovered.map((e) => e.label)).toContain('idle → cooking on ORDER');
    expect(() => assertFullCoverage(plan)).toThrow(/never taken/);
  });

  it('fails when always branches are never reached', () => {
    const plan = pathPlan(kitchen, {
      events: kitchenEvents.filter(
        (e) => !e.type.startsWith('xstate.error') && !e.type.startsWith('xstate.after'),
      ),
    });
    expect(plan.uncovered.map((e) => e.label)).toEqual([
      'cooking → failed on xstate.error.actor.cook',
      'cooking → failed on xstate.after.5000.kitchen.cooking',
      'failed → cooking on always [hasRetriesLeft]',
      'failed → closed on always',
    ]);
  });

  it('covers guards, delays, invoke results, always, nested and parallel states', () => {
    const plan = pathPlan(kitchen, { events: kitchenEvents });
    expect(plan.uncovered).toEqual([]);
    expect(coverage(plan)).toEqual({ transitions: 11, covered: 11 });
    expect(plan.edges.map((e) => e.label)).toContain('catering.drinks.pouring → idle on CANCEL');
  });

  it('keeps no path that is a prefix of another', () => {
    const plan = pathPlan(kitchen, { events: kitchenEvents });
    for (const a of plan.paths) {
      for (const b of plan.paths) {
        const isPrefix = a !== b && a.steps.every((step, i) => step.event === b.steps[i]?.event);
        expect(isPrefix, `${a.name} is a prefix of ${b.name}`).toBe(false);
      }
    }
  });

  it('covers forbidden transitions, which block an ancestor handler', () => {
    const guarded = setup({ types: { events: {} as { type: 'EXIT' } | { type: 'LOCK' } } }).createMachine({
      id: 'guarded',
      initial: 'editing',
      on: { EXIT: '.gone' },
      states: { editing: { on: { LOCK: 'saving' } }, saving: { on: { EXIT: {} } }, gone: {} },
    });
    const plan = pathPlan(guarded, { events: [{ type: 'EXIT' }, { type: 'LOCK' }] });
    expect(plan.edges.map((e) => e.label)).toContain('saving → saving on EXIT');
    expect(plan.uncovered).toEqual([]);
  });

  it('unions coverage over several inputs', () => {
    const gate = setup({ types: { input: {} as boolean, context: {} as { open: boolean } } }).createMachine({
      id: 'gate',
      context: ({ input }) => ({ open: input }),
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: ({ context }) => context.open, target: 'open' }, { target: 'shut' }] },
        open: {},
        shut: {},
      },
    });
    expect(pathPlan(gate, { events: [], input: true }).uncovered).toHaveLength(1);
    const both = pathPlan(gate, { events: [], inputs: [true, false] });
    expect(both.uncovered).toEqual([]);
    expect(both.paths.map((p) => p.name)).toEqual(['input true: start', 'input false: start']);
  });
});

describe('replay', () => {
  it('lands every step on the recorded state and returns the final snapshot', () => {
    const plan = pathPlan(kitchen, { events: kitchenEvents });
    const path = plan.paths.find((p) => p.name === 'ORDER {"items":1} → done cook → RESET');
    expect(path).toBeDefined();
    expect(path?.covers).toEqual([
      'idle → cooking on ORDER',
      'cooking → served on xstate.done.actor.cook',
      'served → idle on RESET',
    ]);
    if (path) expect(replay(kitchen, path).value).toBe('idle');
  });

  it('throws when a step lands somewhere else', () => {
    const plan = pathPlan(door, { events: [{ type: 'OPEN' }, { type: 'CLOSE' }, { type: 'LOCK' }] });
    const path = plan.paths.find((p) => p.name === 'OPEN → CLOSE');
    expect(path).toBeDefined();
    if (!path) return;
    const tampered = {
      ...path,
      steps: path.steps.map((s) => ({ ...s, state: s.state.replace('closed', 'open') })),
    };
    expect(() => replay(door, tampered)).toThrow(/step 2 \(CLOSE\) landed on/);
  });

  it('throws when an event is not accepted', () => {
    const path = {
      name: 'lock twice',
      input: undefined,
      covers: [],
      steps: [{ event: { type: 'CLOSE' }, state: '' }],
    };
    expect(() => replay(door, path)).toThrow(/step 1 \(CLOSE\) is not accepted/);
  });
});

describePaths('kitchen (describePaths)', pathPlan(kitchen, { events: kitchenEvents }));

describe('replayLive', () => {
  const shop = setup({
    types: {
      context: {} as { items: number },
      events: {} as { type: 'ADD' } | { type: 'PAY' },
      emitted: {} as { type: 'navigate'; to: string },
    },
    actors: { charge: fromPromise<{ receipt: string }, { items: number }>(async () => ({ receipt: 'r' })) },
    actions: {
      /** Provided by bootstrap: a plain action, recorded by the replay. */
      persistCart: (_, _params: { items: number }) => {},
      tellToasts: sendTo(
        ({ system }) => system.get('toasts'),
        () => ({ type: 'SHOW', text: 'Paid' }),
      ),
    },
  }).createMachine({
    id: 'shop',
    context: { items: 0 },
    initial: 'browsing',
    states: {
      browsing: {
        on: {
          ADD: {
            actions: [
              assign({ items: ({ context }) => context.items + 1 }),
              { type: 'persistCart', params: ({ context }) => ({ items: context.items }) },
            ],
          },
          PAY: 'paying',
        },
      },
      paying: {
        invoke: {
          id: 'charge',
          src: 'charge',
          input: ({ context }) => ({ items: context.items }),
          onDone: { target: 'paid', actions: ['tellToasts', emit({ type: 'navigate', to: '/done' })] },
        },
        after: { 3000: 'browsing' },
      },
      paid: {},
    },
  });
  /** A path through `shop` by its events, with the states the pure machine lands on. */
  const pathOf = (machine: typeof shop, ...events: EventObject[]) => {
    let [snapshot] = initialTransition(machine);
    const steps = events.map((event) => {
      [snapshot] = transition(machine, snapshot, event as never);
      return { event, state: JSON.stringify({ value: snapshot.value, context: snapshot.context }) };
    });
    return { name: events.map((e) => e.type).join(' → '), input: undefined, steps };
  };
  const paid = pathOf(shop, { type: 'ADD' }, { type: 'PAY' }, doneEvent('charge', { receipt: 'r1' }));

  it('records per step the invoked actors with their input, emitted events, sends by systemId and plain actions', () => {
    const run = replayLive(shop, paid);
    expect(run.steps.map((s) => s.value)).toEqual(['browsing', 'paying', 'paid']);
    expect(run.steps[0]).toMatchObject({
      changed: { items: 1 },
      actions: [{ action: 'persistCart', params: { items: 1 } }],
    });
    expect(run.steps[1]?.started).toEqual([{ id: 'charge', input: { items: 1 } }]);
    expect(run.steps[2]).toMatchObject({
      emitted: [{ type: 'navigate', to: '/done' }],
      sent: [{ to: 'toasts', event: { type: 'SHOW', text: 'Paid' } }],
    });
  });

  it('fires a delay only as its own step, on the simulated clock', () => {
    const run = replayLive(shop, pathOf(shop, { type: 'PAY' }, afterEvent(3000, 'shop.paying')));
    expect(run.steps.map((s) => s.value)).toEqual(['paying', 'browsing']);
  });

  it('fails the step whose action throws, which the pure replay cannot see', () => {
    const broken = shop.provide({
      actions: {
        persistCart: () => {
          throw new Error('storage full');
        },
      },
    });
    expect(() => replay(broken, paid)).not.toThrow();
    expect(() => replayLive(broken, paid)).toThrow(/step 1 \(ADD\) threw Error: storage full/);
  });

  it('fails a done step whose actor is not running', () => {
    const early = setup({}).createMachine({ id: 'early', on: { 'xstate.done.actor.charge': {} } });
    expect(() =>
      replayLive(early, {
        name: 'early',
        input: undefined,
        steps: [{ event: doneEvent('charge'), state: '' }],
      }),
    ).toThrow(/step 1 \(xstate.done.actor.charge\) needs actor 'charge' running/);
  });
});
