import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '../../../src/api';
import { api, counted, failure, fixtures, ok, renderApp, SIGNED_IN } from '../support';

const PAYMENT_ID = 'pay_5K2m9QeX1tZ8';

const payment = (status: Schemas['PaymentStatus']): Schemas['Payment'] => ({
  id: PAYMENT_ID,
  kind: 'order',
  status,
  amount: 2999,
  currency: 'EUR',
  coins: 249900,
  order_id: 31,
  created_at: '2026-04-02T10:15:00.000Z',
  return_to: null,
});

/** GET /user/profile answering with the demo profile, counted. */
const profileCounter = () => counted('get', '/user/profile', () => ok(fixtures.profile));

afterEach(() => {
  vi.useRealTimers();
});

describe('payment success page', () => {
  it('signed in: thanks, refreshes the profile and says the payment completed', async () => {
    const profile = profileCounter();
    const { ready } = renderApp({
      path: '/success-payment',
      storage: SIGNED_IN,
      handlers: [profile.handler],
    });
    await ready();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your purchase!' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Payment completed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(profile.calls).toBe(2));
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: fixtures.settings.support_email ?? '' })).toHaveAttribute(
      'href',
      `mailto:${fixtures.settings.support_email}`,
    );
    expect(within(main).getByRole('link', { name: 'Go to my account' })).toHaveAttribute('href', '/account');
    expect(within(main).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('a top-up the provider confirmed: the tokens that arrived, and the balance shows them', async () => {
    const before = fixtures.profile.balance;
    const profile = counted('get', '/user/profile', (nth) =>
      ok({ ...fixtures.profile, balance: nth > 1 ? before + 100_000 : before }),
    );
    const asked: string[] = [];
    const { ready, router } = renderApp({
      path: `/success-payment?payment=${PAYMENT_ID}`,
      storage: SIGNED_IN,
      handlers: [
        profile.handler,
        http.get(api('/payments/:id'), ({ params }) => {
          asked.push(String(params.id));
          return ok({ ...payment('paid'), kind: 'top_up', coins: 100_000, order_id: null });
        }),
      ],
    });
    await ready();
    expect(await screen.findByText('Successfully added 1,000 tokens to your balance!')).toBeInTheDocument();
    expect(screen.queryByText('Payment completed successfully!')).not.toBeInTheDocument();
    expect(asked).toEqual([PAYMENT_ID]);
    await waitFor(() => expect(profile.calls).toBe(2));
    await router.navigate({ to: '/account/balance' });
    const tab = await screen.findByRole('region', { name: 'Balance' });
    await waitFor(() => expect(within(tab).getByText('2,250.50')).toBeInTheDocument());
  });

  it('a top-up started from the cart: the tokens that arrived, then back to the cart with the new balance', async () => {
    const profile = counted('get', '/user/profile', (nth) =>
      ok({ ...fixtures.profile, balance: fixtures.profile.balance + (nth > 1 ? 500_000 : 0) }),
    );
    const { ready, location } = renderApp({
      path: `/success-payment?payment=${PAYMENT_ID}`,
      storage: SIGNED_IN,
      handlers: [
        profile.handler,
        http.get(api('/payments/:id'), () =>
          ok({ ...payment('paid'), kind: 'top_up', coins: 500_000, order_id: null, return_to: '/cart' }),
        ),
      ],
    });
    await ready();
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(await screen.findByText('Successfully added 5,000 tokens to your balance!')).toBeInTheDocument();
    await waitFor(() => expect(profile.calls).toBe(2));
    // The cart page has finished mounting before the test ends (an end mid-mount updated a
    // component React had not mounted yet, on a loaded runner).
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
  });

  it('an order paid by card: the payment completed notice', async () => {
    const { ready } = renderApp({
      path: `/success-payment?payment=${PAYMENT_ID}`,
      storage: SIGNED_IN,
      handlers: [http.get(api('/payments/:id'), () => ok(payment('paid')))],
    });
    await ready();
    expect(await screen.findByText('Payment completed successfully!')).toBeInTheDocument();
    expect(screen.queryByText(/tokens to your balance/)).not.toBeInTheDocument();
  });

  it('as a guest: thanks, but no profile to refresh and no notice', async () => {
    const profile = profileCounter();
    const { ready } = renderApp({ path: '/success-payment', handlers: [profile.handler] });
    await ready();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your purchase!' }),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Payment completed successfully!')).not.toBeInTheDocument();
    expect(profile.calls).toBe(0);
  });
});

describe('payment fail page', () => {
  it("toasts 'Payment failed. Please try again.' and offers the cart and home", async () => {
    renderApp({ path: '/fail-payment' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment failed' })).toBeInTheDocument();
    expect(await screen.findByText('Payment failed. Please try again.')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/cart');
    expect(within(main).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});

describe('payment pending page', () => {
  it.each(['/pending-payment', '/processing-payment'])(
    '%s: being processed, with a spinner, the support email and the way on',
    async (path) => {
      const { ready } = renderApp({ path });
      await ready();
      const main = await screen.findByRole('main');
      expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent(
        'Your payment is being processed',
      );
      expect(within(main).getByText(/We will let you know as soon as it is complete\./)).toBeInTheDocument();
      expect(within(main).getByRole('progressbar')).toBeInTheDocument();
      expect(
        within(main).getByRole('link', { name: fixtures.settings.support_email ?? '' }),
      ).toBeInTheDocument();
      expect(within(main).getByRole('link', { name: 'Go to my account' })).toHaveAttribute(
        'href',
        '/account',
      );
      expect(within(main).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    },
  );

  it('polls the payment and moves on to the success page once it is paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const answers: Schemas['PaymentStatus'][] = ['pending', 'pending', 'paid'];
    const asked: string[] = [];
    const { ready, location } = renderApp({
      path: `/pending-payment?payment=${PAYMENT_ID}`,
      storage: SIGNED_IN,
      handlers: [
        http.get(api('/payments/:id'), ({ params }) => {
          asked.push(String(params.id));
          return ok(payment(answers.shift() ?? 'paid'));
        }),
      ],
    });
    await ready();
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(location()).toBe(`/pending-payment?payment=${PAYMENT_ID}`);
    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(asked).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(location()).toBe(`/success-payment?payment=${PAYMENT_ID}`));
    expect(await screen.findByText('Payment completed successfully!')).toBeInTheDocument();
    // Three polls, then the success page's own look-up of what was paid (an order here).
    expect(asked).toEqual([PAYMENT_ID, PAYMENT_ID, PAYMENT_ID, PAYMENT_ID]);
  });

  it('moves on to the fail page when the payment fails', async () => {
    const { location } = renderApp({
      path: `/processing-payment?payment=${PAYMENT_ID}`,
      storage: SIGNED_IN,
      handlers: [http.get(api('/payments/:id'), () => ok(payment('failed')))],
    });
    await waitFor(() => expect(location()).toBe(`/fail-payment?payment=${PAYMENT_ID}`));
    expect(await screen.findByText('Payment failed. Please try again.')).toBeInTheDocument();
  });

  it('stops polling when it leaves the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const status = counted('get', '/payments/:id', () => ok(payment('pending')));
    const { ready, router } = renderApp({
      path: `/pending-payment?payment=${PAYMENT_ID}`,
      storage: SIGNED_IN,
      handlers: [status.handler],
    });
    await ready();
    await waitFor(() => expect(status.calls).toBe(1));
    await router.navigate({ to: '/' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(status.calls).toBe(1);
  });

  it('stops, keeping the pending text, when the payment is unknown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const status = counted('get', '/payments/:id', () => failure(404, 'Payment not found'));
    const { ready, location } = renderApp({
      path: `/pending-payment?payment=${PAYMENT_ID}`,
      storage: SIGNED_IN,
      handlers: [status.handler],
    });
    await ready();
    await waitFor(() => expect(status.calls).toBe(1));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(status.calls).toBe(1);
    expect(location()).toBe(`/pending-payment?payment=${PAYMENT_ID}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your payment is being processed');
  });

  it('ignores a malformed payment reference', async () => {
    const status = counted('get', '/payments/:id', () => ok(payment('paid')));
    const { ready } = renderApp({
      path: '/pending-payment?payment=../../admin',
      handlers: [status.handler],
    });
    await ready();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Your payment is being processed',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(status.calls).toBe(0);
  });
});
