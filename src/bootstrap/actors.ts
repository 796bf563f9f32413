import { fromPromise } from 'xstate';
import type { RawSettings } from '../../domain/settings';
import type { Messages } from '../../machines/language';
import type { ProfileUpdate } from '../../machines/shapes';
import { type ApiClient, type ApiResult, call, type Schemas } from '../api';

type Cart = Schemas['Cart'];

/**
 * The machines' invoked actors, implemented on the typed client. Each passes the actor's abort
 * signal, so a machine that leaves a state cancels its request (and a cancelled request is never
 * shown, docs/product.md §8). Default messages are docs/product.md §8's; the server's message wins when it has one.
 */
export function apiActors(api: ApiClient) {
  return {
    fetchSettings: fromPromise<RawSettings>(
      async ({ signal }) => (await call(api.GET('/settings', { signal }))).payload,
    ),
    fetchCountries: fromPromise<Schemas['Country'][]>(
      async ({ signal }) => (await call(api.GET('/countries', { signal }))).payload,
    ),
    fetchSocialLinks: fromPromise<Schemas['SocialLink'][]>(
      async ({ signal }) => (await call(api.GET('/social-links', { signal }))).payload,
    ),
    checkAuth: fromPromise<{ authenticated: boolean; emailVerified: boolean }>(async ({ signal }) => {
      const answer = await call(api.GET('/is-auth', { signal }));
      return { authenticated: answer.authenticated, emailVerified: answer.emailVerified };
    }),
    logout: fromPromise<void>(async ({ signal }) => {
      await call(api.POST('/logout', { body: {}, signal }));
    }),
    fetchProfile: fromPromise<Schemas['UserProfile']>(
      async ({ signal }) => (await call(api.GET('/user/profile', { signal }))).payload,
    ),
    updateProfile: fromPromise<void, ProfileUpdate>(async ({ input, signal }) => {
      await call(api.PUT('/user/profile', { body: input, signal }));
    }),
    fetchLanguages: fromPromise<Schemas['Language'][]>(
      async ({ signal }) => (await call(api.GET('/languages', { signal }))).payload,
    ),
    fetchTranslations: fromPromise<Messages, { languageId: number | null }>(async ({ input, signal }) => {
      if (input.languageId === null) return {};
      // Parsed by the server: the browser's build carries no ICU parser (docs/decisions/0023).
      const query = { lang_id: input.languageId, format: 'ast' as const };
      return (await call(api.GET('/localizations', { params: { query }, signal }))).payload;
    }),
    fetchCurrencies: fromPromise<Schemas['Currency'][]>(
      async ({ signal }) => (await call(api.GET('/currencies', { signal }))).payload,
    ),
    fetchCart: fromPromise<Cart>(
      async ({ signal }) => (await call(api.GET('/cart/contents', { signal }))).cart,
    ),
    addToCart: fromPromise<Cart, { id: number; count: number }>(async ({ input, signal }) =>
      cartOf(api.POST('/cart/add', { body: input, signal })),
    ),
    removeFromCart: fromPromise<Cart, { id: number }>(async ({ input, signal }) =>
      cartOf(api.POST('/cart/remove', { body: input, signal })),
    ),
    setLineCount: fromPromise<Cart, { id: number; count: number }>(async ({ input, signal }) =>
      cartOf(api.POST('/cart/set', { body: input, signal })),
    ),
    clearCart: fromPromise<Cart>(async ({ signal }) => cartOf(api.POST('/cart/clear', { body: {}, signal }))),
    fetchPages: fromPromise<Schemas['StaticPageSummary'][]>(
      async ({ signal }) => (await call(api.GET('/static-pages', { signal }))).payload,
    ),
    fetchPage: fromPromise<Schemas['StaticPage'], { idOrSlug: string }>(async ({ input, signal }) =>
      pageOf(api, input.idOrSlug, signal),
    ),
    /** POST /email/verification-notification; resolves with the server's message. */
    resendVerification: fromPromise<string | undefined>(
      async ({ signal }) =>
        (await call(api.POST('/email/verification-notification', { body: {}, signal }))).message,
    ),
    writeClipboard: fromPromise<void, { text: string }>(async ({ input }) => {
      await navigator.clipboard.writeText(input.text);
    }),
  };
}

async function cartOf(pending: Promise<ApiResult<{ cart: Cart }>>): Promise<Cart> {
  return (await call(pending)).cart;
}

async function pageOf(api: ApiClient, idOrSlug: string, signal: AbortSignal) {
  const path = { idOrSlug };
  return (await call(api.GET('/static-pages/{idOrSlug}', { params: { path }, signal }))).payload;
}
