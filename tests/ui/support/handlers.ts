import { HttpResponse, http } from 'msw';
import type { Schemas } from '../../../src/api';
import {
  cart,
  countries,
  currencies,
  DEMO_TOKEN,
  languages,
  localizations,
  orders,
  productCategories,
  products,
  profile,
  settings,
  socialLinks,
  staticPageSummaries,
  staticPages,
} from '../../support/fixtures';

/** msw path for an API operation on any origin, e.g. `api('/settings')` → `*\/api/settings`. */
export const api = (path: string) => `*/api${path}`;

/** `{status: 'OK', payload}` */
export const ok = <T>(payload: T) => HttpResponse.json({ status: 'OK' as const, payload });

/** The contract's error body with a real HTTP status, e.g. `failure(500, 'Boom')`. */
/** POST /login and /register's success body (AuthResponse). */
export const authResponse = (emailVerified = true) =>
  HttpResponse.json({
    status: 'OK' as const,
    message: 'Signed in',
    access_token: DEMO_TOKEN,
    token_type: 'Bearer' as const,
    expires_at: '2026-12-21T10:00:00.000Z',
    emailVerified,
  });

/** A handler answering the nth request to `path` with `answer(n)`; `calls` counts the requests so far. */
export function counted(method: 'get' | 'post', path: string, answer: (nth: number) => Response) {
  let calls = 0;
  const handler = http[method](api(path), () => {
    calls += 1;
    return answer(calls);
  });
  return {
    handler,
    get calls() {
      return calls;
    },
  };
}

export const failure = (
  status: number,
  message: string,
  errors?: Schemas['FieldErrors'],
  code?: Schemas['ErrorCode'],
) =>
  HttpResponse.json(
    { status: 'ERROR' as const, message, ...(errors ? { errors } : {}), ...(code ? { code } : {}) },
    { status },
  );

const unauthenticated = () => failure(401, 'Unauthenticated.');

/** Protected operations answer 401 unless the request carries a Bearer token (docs/architecture.md §3). */
const hasToken = (request: Request) => /^Bearer \S+$/.test(request.headers.get('Authorization') ?? '');

const cartResponse = (lines: Schemas['Cart']) => HttpResponse.json({ status: 'OK' as const, cart: lines });

/** Every start-up call and the common operations, answering with the demo fixtures. */
export const defaultHandlers = [
  http.get(api('/settings'), () => ok(settings)),
  http.get(api('/languages'), () => ok(languages)),
  http.get(api('/localizations'), ({ request }) => {
    const langId = Number(new URL(request.url).searchParams.get('lang_id'));
    return ok(localizations[langId] ?? {});
  }),
  http.get(api('/currencies'), () => ok(currencies)),
  http.get(api('/countries'), () => ok(countries)),
  http.get(api('/social-links'), () => ok(socialLinks)),
  http.get(api('/static-pages'), () => ok(staticPageSummaries)),
  http.get(api('/static-pages/:idOrSlug'), ({ params }) => {
    const key = String(params.idOrSlug);
    const page = staticPages.find((candidate) => String(candidate.id) === key || candidate.slug === key);
    return page ? ok(page) : failure(404, 'Page not found');
  }),
  http.get(api('/products'), () =>
    ok({ items: products, page: 1, per_page: 12, total: products.length, total_pages: 1 }),
  ),
  http.get(api('/products/categories'), () => ok(productCategories)),
  http.get(api('/is-auth'), ({ request }) =>
    hasToken(request)
      ? HttpResponse.json({ status: 'OK' as const, authenticated: true as const, emailVerified: true })
      : unauthenticated(),
  ),
  http.post(api('/login'), () => authResponse()),
  // The reset page's link check: the link is good unless a test says otherwise.
  http.post(api('/user/reset-password/check'), () =>
    HttpResponse.json({ status: 'OK' as const, message: 'This password reset link can be used.' }),
  ),
  http.post(api('/logout'), () => HttpResponse.json({ status: 'OK' as const, message: 'Logged out' })),
  http.get(api('/user/profile'), ({ request }) => (hasToken(request) ? ok(profile) : unauthenticated())),
  http.get(api('/cart/contents'), ({ request }) =>
    hasToken(request) ? cartResponse(cart) : unauthenticated(),
  ),
  http.post(api('/cart/add'), ({ request }) => (hasToken(request) ? cartResponse(cart) : unauthenticated())),
  http.post(api('/cart/remove'), ({ request }) => (hasToken(request) ? cartResponse([]) : unauthenticated())),
  http.post(api('/cart/clear'), ({ request }) => (hasToken(request) ? cartResponse([]) : unauthenticated())),
  http.get(api('/purchase/history'), ({ request }) => (hasToken(request) ? ok(orders) : unauthenticated())),
  http.get(api('/balance/history'), ({ request }) =>
    hasToken(request) ? ok({ items: [], total: 0 }) : unauthenticated(),
  ),
];
