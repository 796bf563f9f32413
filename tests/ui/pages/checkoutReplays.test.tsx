import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect } from 'vitest';
import type { AnyActorRef, EventObject } from 'xstate';
import type { ApiFailure } from '../../../domain/api-failure';
import { type CheckoutContext, checkoutMachine, shortfallOf } from '../../../machines/checkout';
import { englishOf } from '../../../machines/text';
import type { Schemas } from '../../../src/api';
import { checkoutPlan, planStore } from '../../support/checkoutPaths';
import { type MachinePath, pathPlan } from '../../support/paths';
import { api, failure, fixtures, ok, type RenderedApp, renderApp, SIGNED_IN } from '../support';
import { isDone, isError, payload, replayEach, stepsOf, watchNotices } from '../support/replays';

/**
 * The checkout machine's generated paths (the plan its own suite runs) replayed on the
 * rendered cart. SELECT and SUBMIT are clicks (SUBMIT after a 503 is 'Try again'), and each answer of
 * POST /orders/checkout is held by msw until the step that delivers it, so the busy state between
 * the click and the answer is on the screen too. After each step the live checkout must be where
 * the path recorded it, and the page must show what that state means to the customer.
 */

const checkoutPaths = pathPlan(checkoutMachine, checkoutPlan).paths;

const checkoutOffScreen: Record<string, string> = {};
for (const path of checkoutPaths) {
  if (
    path.steps.some(({ event }) => isError(event, 'submitCheckout') && failureOf(event).kind === 'cancelled')
  )
    checkoutOffScreen[path.name] =
      'Only the checkout itself aborts its request, by leaving submitting (the route stopping it): a cancelled answer never reaches it.';
  else if (
    path.steps.some(
      ({ event }) =>
        event.type === 'PLAYER' ||
        event.type === 'SUGGEST_PLAYER' ||
        (event.type === 'STORE' && payload(event).inGame === true),
    )
  )
    checkoutOffScreen[path.name] =
      "The player field's steps (a cart delivered in game, ADR 0031) are driven by the cart page's own tests: this replay's cart delivers nothing in game.";
  else if (path.steps.some(({ event }) => event.type === 'STORE' && payload(event).cartBusy === true))
    checkoutOffScreen[path.name] =
      "Checkout waiting for a cart change is driven by the cart page's own tests: this replay's cart does not change.";
}

function failureOf(event: EventObject): ApiFailure {
  return payload(event).error as ApiFailure;
}

const STATUS_OF: Partial<Record<ApiFailure['kind'], number>> = {
  unverified: 403,
  validation: 422,
  server: 500,
};

/** What POST /orders/checkout answers for an actor result of the path. */
function answerFor(event: EventObject): Response {
  if (isDone(event, 'submitCheckout')) {
    const { redirectUrl } = payload(event).output as { redirectUrl: string };
    return HttpResponse.json({ status: 'OK' as const, redirect_url: redirectUrl, order_id: 9 });
  }
  const error = failureOf(event);
  const status = error.status ?? STATUS_OF[error.kind];
  if (status === undefined) throw new Error(`No answer of POST /orders/checkout gives ${error.kind}`);
  // Without a server message: a bare status, so the client's own text applies.
  return error.serverMessage === undefined
    ? new HttpResponse(null, { status })
    : failure(status, error.serverMessage, error.fieldErrors, error.code as Schemas['ErrorCode'] | undefined);
}

/** POST /orders/checkout, each request held until the test answers it. */
function heldCheckout() {
  const requests: Array<{ method: unknown; key: string | null; currency: unknown }> = [];
  const held: Array<(answer: Response) => void> = [];
  const handler = http.post(api('/orders/checkout'), async ({ request }) => {
    const body = (await request.json()) as { payment_method?: unknown; currency?: unknown };
    requests.push({
      method: body.payment_method,
      key: request.headers.get('Idempotency-Key'),
      currency: body.currency,
    });
    return new Promise<Response>((resolve) => held.push(resolve));
  });
  const answer = async (response: Response) => {
    await waitFor(() => expect(held).toHaveLength(1));
    held.shift()?.(response);
  };
  return { handler, requests, answer };
}

/**
 * The pages the checkout told the browser to load (its followRedirect, which the bootstrap provides
 * as window.location.assign: jsdom cannot load a page, so the action is watched instead).
 */
function watchPageLoads(view: RenderedApp): string[] {
  const loads: string[] = [];
  view.app.system.inspect((inspection) => {
    if (inspection.type !== '@xstate.action' || inspection.action.type !== 'followRedirect') return;
    loads.push((inspection.action.params as { url: string }).url);
  });
  return loads;
}

/** A product costing the plan's total, and a profile holding its balance (coin minor units). */
const planProduct: Schemas['Product'] = { ...fixtures.ironRank, price: planStore.total };
const planProfile: Schemas['UserProfile'] = {
  ...fixtures.profile,
  balance: planStore.balance,
  player: null,
};
const planLine: Schemas['CartItem'] = (() => {
  const line = fixtures.cartLine(1, 1, planProduct);
  return { ...line, item: { ...line.item, in_game: false } };
})();
const coins = (minor: number) => (minor / 100).toFixed(2);

const PAID_NOTICE = 'Payment completed successfully!';
const PAY = { balance: 'Pay with Coins', card: 'Pay by card' } as const;
const METHOD = { balance: 'Coins from your balance', card: 'Debit / Credit card' } as const;

/** The live checkout, compared with the recorded state (its key is this visit's, not the plan's). */
function expectCheckoutAt(
  checkout: AnyActorRef,
  state: { value: unknown; context: Record<string, unknown> },
) {
  const live = checkout.getSnapshot();
  const { idempotencyKey: _live, ...context } = live.context as CheckoutContext;
  const { idempotencyKey: _recorded, ...recorded } = state.context;
  expect({ value: live.value, context }).toEqual({ value: state.value, context: recorded });
}

/** What a checkout state means on the cart page. */
function expectPanelFor(value: unknown, context: CheckoutContext) {
  const panel = screen.getByRole('group', { name: 'Payment method' }).closest('form') as HTMLElement;
  const button = within(panel).getByRole('button');
  const radios = within(panel).getAllByRole('radio');
  const alert = within(panel).queryByRole('alert');
  if (value === 'submitting' || value === 'redirecting') {
    expect(button).toHaveTextContent(
      value === 'submitting' ? 'Processing order…' : 'Redirecting to payment…',
    );
    expect(button).toHaveAttribute('aria-disabled', 'true');
    for (const radio of radios) expect(radio).toBeDisabled();
    return;
  }
  const player = within(panel).queryByRole('textbox', { name: 'Player name' });
  if (context.playerError === null) expect(player).toBeNull();
  else {
    // A 422 on the player: the field shows, with the server's message at it.
    expect(player).toHaveAttribute('aria-invalid', 'true');
    expect(panel).toHaveTextContent(englishOf(context.playerError));
  }
  if (context.error === null) expect(alert).toBeNull();
  else expect(alert).toHaveTextContent(englishOf(context.error));
  if (value === 'unavailable') {
    // The order waits on the server for this key: only the same checkout again.
    expect(button).toHaveTextContent('Try again');
    for (const radio of radios) expect(radio).toBeDisabled();
    return;
  }
  const method = context.method ?? 'balance';
  expect(button).toHaveTextContent(PAY[method]);
  expect(button).not.toHaveAttribute('aria-disabled');
  expect(within(panel).getByRole('radio', { name: METHOD[method] })).toBeChecked();
  const short = within(panel)
    .queryByText(/^Your balance is short by/)
    ?.closest('p');
  if (method === 'card') expect(short ?? null).toBeNull();
  else {
    const shortfall = shortfallOf(context);
    expect(short).toHaveTextContent(coins(shortfall));
    expect(within(short as HTMLElement).getByRole('link', { name: 'Top up' })).toBeInTheDocument();
  }
}

async function replayCheckout(path: MachinePath) {
  const steps = stepsOf(path);
  const { methods } = path.input as { methods: string[] };
  const checkout = heldCheckout();
  const profileCalls: number[] = [];
  const cartCalls: number[] = [];
  const view = renderApp({
    path: '/cart',
    // The display currency of the plan's store.
    storage: { ...SIGNED_IN, currency_code: planStore.currency, currency_symbol: '$' },
    handlers: [
      http.get(api('/settings'), () => ok({ ...fixtures.settings, payment_methods: methods })),
      http.get(api('/user/profile'), () => {
        profileCalls.push(Date.now());
        return ok(planProfile);
      }),
      http.get(api('/cart/contents'), () => {
        cartCalls.push(Date.now());
        return HttpResponse.json({ status: 'OK' as const, cart: [planLine] });
      }),
      checkout.handler,
    ],
  });
  await view.ready();
  const notices = watchNotices(view);
  // The cart's checkout screen, kept: it leaves the actor system once it is done.
  const screenActor: AnyActorRef = view.app.system.get('checkout');
  const pageLoads = watchPageLoads(view);
  const main = await screen.findByRole('main');
  expect(await within(main).findByRole('heading', { level: 2, name: planProduct.title })).toBeInTheDocument();
  await waitFor(() =>
    expect(
      within(main)
        .getByText(/^Your balance:/)
        .closest('p'),
    ).toHaveTextContent(coins(planStore.balance)),
  );

  let previous: unknown = 'ready';
  for (const { event, state } of steps) {
    const context = state.context as unknown as CheckoutContext;
    const was = previous;
    previous = state.value;
    const before = { profile: profileCalls.length, cart: cartCalls.length };
    if (event.type === 'SELECT') {
      await view.user.click(
        screen.getByRole('radio', { name: METHOD[payload(event).method as 'balance' | 'card'] }),
      );
    } else if (event.type === 'SUBMIT') {
      const name = was === 'unavailable' ? 'Try again' : PAY[context.method ?? 'balance'];
      await view.user.click(screen.getByRole('button', { name }));
    } else if (event.type === 'STORE') {
      // The plan's store is the rendered one: the live checkout already follows it.
      expect(payload(event)).toEqual(planStore);
    } else {
      await checkout.answer(answerFor(event));
    }
    await waitFor(() => expectCheckoutAt(screenActor, state));

    if (isError(event, 'submitCheckout') && failureOf(event).kind === 'unverified') {
      // The session takes over the 403: the customer is asked to verify first, nothing is shown here.
      await waitFor(() => expect(view.location()).toMatch(/^\/email-verification\?redirect=/));
    } else if (state.value === 'paid') {
      // Coins paid: the cart and the balance are fetched again, a notice, and the success page.
      await waitFor(() => expect(view.location()).toBe('/success-payment'));
      expect(
        await screen.findByRole('heading', { name: 'Thank you for your purchase!' }),
      ).toBeInTheDocument();
      await waitFor(() => expect(profileCalls.length).toBeGreaterThan(before.profile));
      expect(cartCalls.length).toBeGreaterThan(before.cart);
      await waitFor(() => expect(notices).toEqual([PAID_NOTICE]));
    } else {
      expect(view.location()).toBe('/cart');
      await waitFor(() => expectPanelFor(state.value, context));
    }
    const redirectUrl = isDone(event, 'submitCheckout')
      ? (payload(event).output as { redirectUrl: string }).redirectUrl
      : null;
    expect(pageLoads).toEqual(state.value === 'redirecting' ? [redirectUrl] : []);
  }
  // Every request of one visit carries its one key; failures show on the page, never as notices.
  expect(new Set(checkout.requests.map((request) => request.key)).size).toBe(1);
  expect(checkout.requests.every((request) => typeof request.key === 'string')).toBe(true);
  // A card is charged in the display currency; coins carry none.
  for (const request of checkout.requests) {
    expect(request.currency).toBe(request.method === 'card' ? planStore.currency : undefined);
  }
  expect(notices).toEqual(steps.at(-1)?.state.value === 'paid' ? [PAID_NOTICE] : []);
}

describe('checkout paths on the rendered cart', () => {
  replayEach(checkoutPaths, checkoutOffScreen, replayCheckout);
});
