/**
 * The QA atlas's words: a recorded path step (docs/diagrams/paths/<machine>.json) as what a tester
 * does and what the screen shows then. Events come from a small dictionary per machine (and one of
 * actor ids shared by all), with a readable fallback for anything not in it; states read as their
 * `description` in the machine, else their name in words. Machine internals (actor references,
 * `xstate$$type`, the app's `childEvents` relay) never reach the page. See ADR 0011.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { StepData } from '../tests/support/pathData';

type Event = { type: string } & Record<string, unknown>;
type Words = (event: Event) => string;

/** `loadingMessages` → `loading messages`, `SET_COUNT` → `set count`, `SESSION.SIGNED_IN` → `session signed in`. */
export function humanise(name: string): string {
  return name
    .replace(/[._-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Actor references (`{xstate$$type: 1, id}`) as their id; everything else as it is. */
function withoutRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRefs);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('xstate$$type' in record) return typeof record.id === 'string' ? record.id : 'an actor';
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, withoutRefs(v)]));
  }
  return value;
}

/** A value in a sentence: `"Alex"` → `'Alex'`, objects as `key value, …`, long text cut. */
export function valueWords(value: unknown, max = 100): string {
  const plain = withoutRefs(value);
  let text: string;
  if (typeof plain === 'string') text = `'${plain}'`;
  else if (plain === null || plain === undefined) text = 'nothing';
  else if (Array.isArray(plain)) {
    text =
      plain.length === 0
        ? 'an empty list'
        : plain.length <= 5 && plain.every((v) => typeof v !== 'object' || v === null)
          ? plain.map((v) => valueWords(v, 40)).join(' and ')
          : `a list of ${plain.length}`;
  } else if (typeof plain === 'object') {
    text = Object.entries(plain as Record<string, unknown>)
      .map(
        ([k, v]) => `${humanise(k)} ${typeof v === 'object' && v !== null ? valueWords(v, 40) : String(v)}`,
      )
      .join(', ');
  } else text = String(plain);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A message as the screen shows it: the default English text with its values filled in. */
export function messageText(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.verbatim === 'string') return record.verbatim;
  if (typeof record.defaultMessage !== 'string') return undefined;
  const values = (record.values ?? {}) as Record<string, unknown>;
  return record.defaultMessage.replace(/\{(\w+)(?:,[^}]*)?\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** `an error notice`, `a success notice`. */
const notice = (kind: unknown): string =>
  `${/^[aeiou]/i.test(String(kind)) ? 'an' : 'a'} ${String(kind)} notice`;

/** A failed request in words: `the request is cancelled`, `“Server error…” (500)`. */
export function failureWords(error: unknown): string {
  if (typeof error === 'string') return `“${error.replace(/^\w*Error: /, '')}”`;
  if (!error || typeof error !== 'object') return 'an unknown error';
  const e = error as {
    kind?: string;
    message?: string;
    status?: number;
    fieldErrors?: Record<string, string[]>;
  };
  if (e.kind === 'cancelled') return 'the request is cancelled (the customer left or sent another)';
  const fields = Object.entries(e.fieldErrors ?? {})
    .map(([field, messages]) => `${humanise(field)}: “${messages[0] ?? ''}”`)
    .join('; ');
  const message = e.message ? `“${e.message}”` : humanise(e.kind ?? 'error');
  const status = e.status === undefined ? '' : ` (${e.status})`;
  return `${message}${status}${fields ? ` — ${fields}` : ''}`;
}

/**
 * What finishing or failing an invoked actor means, by actor id, for every machine: the subject of
 * `accepts`/`answers`. An actor missing here reads as its id in words.
 */
const ACTORS: Record<string, { done: string; error: string }> = {
  submitCheckout: { done: 'The server accepts the checkout', error: 'The server refuses the checkout' },
  fetchCart: { done: 'The cart arrives from the server', error: 'Loading the cart fails' },
  addToCart: { done: 'The server adds the product to the cart', error: 'Adding to the cart fails' },
  removeFromCart: { done: 'The server removes the line', error: 'Removing the line fails' },
  setLineCount: { done: 'The server changes the quantity', error: 'Changing the quantity fails' },
  clearCart: { done: 'The server empties the cart', error: 'Emptying the cart fails' },
  fetchPayment: { done: 'The server tells what was paid', error: 'Looking the payment up fails' },
  fetchPaymentStatus: {
    done: 'The server tells the payment status',
    error: 'Asking for the payment status fails',
  },
  payOrder: { done: 'The server opens the payment of the order', error: 'Paying the order fails' },
  cancelOrder: { done: 'The server cancels the order', error: 'Cancelling the order fails' },
  fetchOrders: { done: 'The orders arrive from the server', error: 'Loading the orders fails' },
  refreshOrders: { done: 'The orders arrive again', error: 'Loading the orders again fails' },
  sendTopUp: { done: 'The server accepts the top-up', error: 'The server refuses the top-up' },
  login: { done: 'The server signs the customer in', error: 'The server refuses the sign-in' },
  requestLoginLink: { done: 'The server sends a sign-in link', error: 'Sending the sign-in link fails' },
  confirmLoginLink: {
    done: 'The server accepts the sign-in link',
    error: 'The server refuses the sign-in link',
  },
  register: { done: 'The server creates the account', error: 'The server refuses the sign-up' },
  guessCountry: { done: 'The country is guessed from the network', error: 'Guessing the country fails' },
  requestReset: { done: 'The server sends the reset email', error: 'Sending the reset email fails' },
  checkResetLink: { done: 'The server accepts the reset link', error: 'The server refuses the reset link' },
  restorePassword: { done: 'The server sets the new password', error: 'The server refuses the new password' },
  save: { done: 'The server saves the change', error: 'The server refuses the change' },
  updateProfile: { done: 'The server saves the profile', error: 'Saving the profile fails' },
  fetchProfile: { done: 'The profile arrives from the server', error: 'Loading the profile fails' },
  checkAuth: { done: 'The server answers the session check', error: 'The session check fails' },
  logout: { done: 'The server signs the customer out', error: 'Signing out fails on the server' },
  fetchSettings: { done: 'The store settings arrive', error: 'Loading the store settings fails' },
  refreshSettings: {
    done: 'The store settings arrive again',
    error: 'Loading the store settings again fails',
  },
  fetchCountries: { done: 'The country list arrives', error: 'Loading the country list fails' },
  fetchSocialLinks: { done: 'The social links arrive', error: 'Loading the social links fails' },
  fetchCurrencies: { done: 'The currencies arrive', error: 'Loading the currencies fails' },
  fetchLanguages: { done: 'The language list arrives', error: 'Loading the language list fails' },
  fetchTranslations: { done: 'The translations arrive', error: 'Loading the translations fails' },
  fetchCategories: { done: 'The categories arrive', error: 'Loading the categories fails' },
  fetchProducts: { done: 'The products arrive', error: 'Loading the products fails' },
  fetchPage: { done: 'The page arrives', error: 'Loading the page fails' },
  fetchPages: { done: 'The page list arrives', error: 'Loading the page list fails' },
  resendVerification: {
    done: 'The server sends the verification email',
    error: 'Sending the verification email fails',
  },
  recover: {
    done: 'The delivery journal is read back after a restart',
    error: 'Reading the delivery journal fails',
  },
  report: { done: 'The store accepts the delivery report', error: 'The store refuses the delivery report' },
  connectRcon: {
    done: 'The game server console (RCON) connects',
    error: 'Connecting to the game server console fails',
  },
  listPlayers: {
    done: 'The game server lists the players online',
    error: 'Listing the players online fails',
  },
  lease: { done: 'The store hands out deliveries', error: 'Asking the store for deliveries fails' },
  claim: { done: 'The delivery is claimed in the journal', error: 'Claiming the delivery fails' },
  runCommand: { done: 'The game server runs the command', error: 'Running the command fails' },
  recordDone: { done: 'The delivery is recorded as done', error: 'Recording the delivery fails' },
  writeClipboard: { done: 'The address is in the clipboard', error: 'The browser refuses the clipboard' },
};

/** Words for an actor's answer (`output`), when it says more than "done". */
function outputWords(output: unknown): string {
  if (output === undefined) return '';
  if (typeof output === 'string') return `: '${output}'`;
  if (output && typeof output === 'object' && !Array.isArray(output)) {
    const o = output as Record<string, unknown>;
    if (typeof o.redirectUrl === 'string') return ` and sends the browser to ${o.redirectUrl}`;
  }
  return ` (${valueWords(output, 80)})`;
}

/** Dictionary entries by machine, then by event type. */
const EVENTS: Record<string, Record<string, Words>> = {
  checkout: {
    SELECT: (e) => `Choose ${e.method === 'card' ? 'Card' : 'Coins'} as payment method`,
    PLAYER: (e) => `Type the player name ${valueWords(e.value)}`,
    SUGGEST_PLAYER: (e) => `The profile's player name ${valueWords(e.player)} arrives`,
    SUBMIT: () => 'Press Pay',
    STORE: (e) =>
      `The cart, balance or currency changes: total ${e.total}, balance ${e.balance}, in ${e.currency}${
        e.inGame ? ', a product delivered in game' : ''
      }${e.cartBusy ? ', the cart is being changed' : ''}`,
  },
  cart: {
    ADD: (e) => `Add ${e.count} of product ${e.id} to the cart`,
    REMOVE: (e) => `Remove cart line ${e.id}`,
    SET_COUNT: (e) => `Change the quantity of cart line ${e.id} to ${e.count}`,
    CLEAR: () => 'Empty the cart',
    REFRESH: () => 'The cart is loaded again',
    CHECKOUT_SUCCEEDED: () => 'A checkout succeeds',
    SESSION_CHANGED: (e) => (e.authenticated ? 'The customer signs in' : 'The customer signs out'),
  },
  orders: {
    PAGE: (e) => `Go to page ${e.page} of the orders`,
    PAY: (e) => `Press Pay on order ${e.orderId}`,
    CANCEL: (e) => `Press Cancel on order ${e.orderId}`,
    RETRY: () => 'Press Try again',
  },
  paymentStatus: {
    'xstate.done.actor.fetchPaymentStatus': (e) =>
      ({
        paid: 'The server says the payment is paid',
        failed: 'The server says the payment failed (the card was declined)',
        cancelled: 'The server says the customer cancelled the payment',
        expired: 'The server says the payment expired',
        pending: 'The server says the payment is still pending',
      })[String(e.output)] ?? `The server tells the payment status: ${valueWords(e.output)}`,
  },
  paymentResult: {
    SESSION_CHECKED: (e) =>
      `The session check ends: ${e.authenticated ? 'the customer is signed in' : 'a guest'}`,
  },
  session: {
    SIGNED_IN: () => 'The customer signs in',
    LOGOUT: () => 'Press Log out',
    CHECK: () => 'The session is checked again',
    LOGIN_REQUIRED: () => 'A page needs a signed-in customer',
    UNAUTHORIZED: (e) => `The server answers 401 (unauthorised) on ${e.path ?? 'a page'}`,
    UNVERIFIED: (e) => `The server says the email address is not verified (on ${e.path ?? 'a page'})`,
  },
  app: {
    'SCREEN.START': (e) => {
      const logic = e.logic as { id?: string } | undefined;
      return `A page with the ${logic?.id ?? 'screen'} machine opens`;
    },
    'SCREEN.STOP': () => 'The page is left',
    NOTIFY: (e) => `${capital(notice(e.kind))} is asked for: “${messageText(e.text) ?? ''}”`,
    RETRY: () => 'Press Try again',
  },
  topUp: {
    CHANGE: (e) => `Type the amount ${valueWords(e.value)}`,
    TOP_UP: () => 'Press Top up',
    BACK: () => 'Press Back',
    SAVE_CARD: (e) => (e.save ? 'Tick Save card' : 'Untick Save card'),
    SUBMIT: () => 'Press Pay',
    TERMS: (e) => {
      const terms = e.terms as { currency?: { code?: string } } | undefined;
      return `The customer switches the currency in the header to ${terms?.currency?.code ?? 'another one'}`;
    },
  },
  mobileMenu: {
    TOGGLE: () => 'Press the menu button',
    KEY_ESCAPE: () => 'Press Escape',
    LINK_CLICKED: () => 'Choose a link in the menu',
    LOGOUT: () => 'Press Log out in the menu',
    VIEWPORT_RESIZED: (e) => `The window becomes ${e.width} px wide`,
  },
  shop: {
    CHOOSE_CATEGORY: (e) => `Choose the category ${valueWords(e.category)}`,
    GO_TO_PAGE: (e) => `Go to page ${e.page}`,
    ADD: (e) =>
      `Press Add to cart (${e.count} of product ${e.productId}${e.signedIn ? ', signed in' : ', a guest'})`,
  },
  toasts: {
    SHOW: (e) => `${capital(notice(e.kind))} “${messageText(e.text) ?? ''}” is shown`,
    DISMISS: () => 'Close the notice',
  },
};

/** Form machines share their events. */
const FORM_EVENTS: Record<string, Words> = {
  CHANGE: (e) => `Type ${valueWords(e.value)} into the ${humanise(String(e.field))} field`,
  PREFILL: (e) => `The form is filled in (${valueWords(e.fields)})`,
  SUBMIT: () => 'Press the submit button',
  SEND_LINK: () => 'Press Send me a sign-in link',
  ACCEPT_TERMS: (e) => (e.accepted ? 'Tick the terms' : 'Untick the terms'),
  PHONE_CHANGED: (e) =>
    `Type the phone number ${valueWords((e.change as { text?: string } | undefined)?.text)}`,
  EDIT: () => 'Press Edit',
  CANCEL: () => 'Press Cancel',
  RESEND: () => 'Press Resend',
  RETRY: () => 'Press Try again',
  RELOAD: () => 'Press Reload',
};

/** `3000` → `3 s`, `backoff` → `the backoff delay`. */
function delayWords(delay: string): string {
  const ms = Number(delay);
  if (!Number.isFinite(ms)) return `the ${humanise(delay)} delay`;
  if (ms === 0) return 'at once';
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
}

/** An event of a recorded step in words. */
export function eventWords(machine: string, event: Event): string {
  const { type } = event;
  const own = EVENTS[machine]?.[type];
  if (own) return own(event);
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done?.[1]) {
    const actor = ACTORS[done[1]];
    return `${actor?.done ?? `${capital(humanise(done[1]))} succeeds`}${outputWords(event.output)}`;
  }
  const error = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (error?.[1]) {
    const actor = ACTORS[error[1]];
    return `${actor?.error ?? `${capital(humanise(error[1]))} fails`}: ${failureWords(event.error)}`;
  }
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after?.[1]) {
    const words = delayWords(after[1]);
    return words === 'at once' ? 'At once' : `After ${words}, with nothing else happening`;
  }
  if (type.startsWith('xstate.done.state.')) return 'The last step is reached';
  const words = FORM_EVENTS[type];
  if (words) return words(event);
  const { type: _, ...rest } = event;
  const params = Object.keys(rest).length > 0 ? ` (${valueWords(rest)})` : '';
  return `${capital(humanise(type))}${params}`;
}

/** An edge's event (no payload) in words, for the transition table. */
export function edgeEventWords(event: string): string {
  if (event === '') return 'At once';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event);
  if (done?.[1]) return ACTORS[done[1]]?.done ?? `${capital(humanise(done[1]))} succeeds`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event);
  if (error?.[1]) return ACTORS[error[1]]?.error ?? `${capital(humanise(error[1]))} fails`;
  const after = /^xstate\.after\.([^.]+)\./.exec(event);
  if (after?.[1]) return `After ${delayWords(after[1])}`;
  if (event.startsWith('xstate.done.state.')) return 'The last step is reached';
  return capital(humanise(event));
}

function leafNodes(node: AnyStateNode, value: unknown): AnyStateNode[] {
  if (typeof value === 'string') {
    const child = node.states[value];
    return child ? [child] : [];
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return [node];
    return entries.flatMap(([key, inner]) => {
      const child = node.states[key];
      return child ? leafNodes(child, inner) : [];
    });
  }
  return [node];
}

/** A node in words: its description, else its name (with its parent's for nested states). */
export function nodeWords(node: AnyStateNode): string {
  const name = node.path.map(humanise).join(' › ') || humanise(node.machine.id);
  return node.description ? `${capital(name)} — ${node.description}` : capital(name);
}

/** The state a step lands on, in words (one line per region of a parallel state). */
export function stateWords(machine: AnyStateMachine, value: unknown): string[] {
  const leaves = leafNodes(machine.root, value);
  return leaves.length > 0 ? leaves.map(nodeWords) : [capital(humanise(String(value)))];
}

/** Actors that are plumbing, not behaviour: never shown. */
const INTERNAL_ACTORS = new Set(['childEvents']);

/** Messages by form field (`errors: {email: {id, defaultMessage}}`), at least one. */
const isMessageMap = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.keys(value as object).length > 0 &&
  Object.values(value as object).every((v) => messageText(v) !== undefined);

/** An emitted event asking for a notice (`notify` with a kind and a message). */
const isNotice = (event: Event): boolean =>
  typeof event.kind === 'string' && messageText(event.text) !== undefined;

/** What a tester sees after a step: messages shown, notices, pages opened. */
export function screenWords(step: StepData): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(step.changed ?? {})) {
    const text = messageText(value);
    if (text !== undefined) lines.push(`Shows ${humanise(key)}: “${text}”`);
    else if (isMessageMap(value)) {
      for (const [field, message] of Object.entries(value)) {
        lines.push(`Shows at the ${humanise(field)} field: “${messageText(message)}”`);
      }
    }
  }
  for (const sent of step.sent ?? []) {
    const event = sent.event as Event;
    if (sent.to === 'toasts' && event.type === 'SHOW') {
      lines.push(`${capital(notice(event.kind))} says “${messageText(event.text) ?? ''}”`);
    }
  }
  for (const emitted of step.emitted ?? []) {
    const event = emitted as Event;
    if (isNotice(event)) lines.push(`${capital(notice(event.kind))} says “${messageText(event.text) ?? ''}”`);
    if (event.type === 'navigate') {
      lines.push(
        `The page changes to ${String(event.to)}${event.replace ? ' (replacing this one in the history)' : ''}`,
      );
    }
  }
  for (const call of step.actions ?? []) {
    const params = call.params as Record<string, unknown> | undefined;
    if (call.action === 'followRedirect' && typeof params?.url === 'string') {
      lines.push(`The browser leaves for the payment page ${params.url}`);
    }
  }
  return lines;
}

/** The rest of a step's recorded effects, for the curious: context, requests, events, actions. */
export function detailWords(step: StepData): string[] {
  return [
    ...Object.entries(step.changed ?? {})
      .filter(([, value]) => messageText(value) === undefined && !isMessageMap(value))
      .map(([key, value]) => `${humanise(key)} becomes ${valueWords(value)}`),
    ...(step.started ?? [])
      .filter((s) => !INTERNAL_ACTORS.has(s.id))
      .map(
        (s) =>
          `starts ${humanise(s.id)}${s.input === undefined || valueWords(s.input) === '' ? '' : ` with ${valueWords(s.input)}`}`,
      ),
    ...(step.emitted ?? [])
      .filter((e) => e.type !== 'navigate' && !isNotice(e as Event))
      .map((e) => `announces ${humanise(e.type)}`),
    ...(step.sent ?? [])
      .filter((s) => !(s.to === 'toasts' && (s.event as Event).type === 'SHOW'))
      .map((s) => `tells ${humanise(s.to)}: ${eventWords(s.to, s.event as Event)}`),
    ...(step.actions ?? [])
      .filter((a) => a.action !== 'followRedirect')
      .map((a) => `does ${humanise(a.action)}${a.params === undefined ? '' : ` (${valueWords(a.params)})`}`),
  ];
}

/** A short name for a path's input, before its steps in its title (machines with several inputs). */
export function inputTitle(machine: string, input: unknown): string | undefined {
  if (machine === 'paymentResult' && input && typeof input === 'object') {
    const i = input as { outcome?: string; paymentId?: string };
    const page = i.outcome === 'failed' ? 'Card declined (/fail-payment)' : 'Paid (/success-payment)';
    return i.paymentId ? `${page}, with a payment reference` : page;
  }
  return undefined;
}

/** A path's input (the page or the machine it starts with), in words. */
export function inputWords(machine: string, input: unknown): string {
  if (machine === 'paymentResult' && input && typeof input === 'object') {
    const i = input as { outcome?: string; paymentId?: string };
    const page =
      i.outcome === 'failed'
        ? 'The payment provider declined the card (or the customer gave up) and sent the browser back to the payment failure page /fail-payment'
        : 'The payment provider sent the browser back to the success page /success-payment';
    return `${page}${i.paymentId ? ` with the payment reference ${i.paymentId}` : ', without a payment reference'}.`;
  }
  if (machine === 'checkout' && input && typeof input === 'object') {
    const methods = (input as { methods?: string[] }).methods ?? [];
    const store = (input as { store?: Record<string, unknown> }).store;
    const offer =
      methods.length > 0
        ? `The store offers ${methods.map((m) => (m === 'card' ? 'Card' : 'Coins')).join(' and ')} as payment methods.`
        : 'The store offers no payment method.';
    return store
      ? `${offer} The cart totals ${store.total} with a balance of ${store.balance}, prices in ${store.currency}${
          store.inGame ? ', a product delivered in game' : ''
        }.`
      : offer;
  }
  if (machine === 'topUp' && input && typeof input === 'object') {
    const i = input as { amount?: string; return?: string; terms?: Record<string, unknown> };
    const terms = i.terms as
      | { currency?: { code?: string }; minTopUp?: number; vatPercent?: number }
      | undefined;
    return `The balance tab opens, prices in ${terms?.currency?.code ?? 'the display currency'} (min_top_up ${
      terms?.minTopUp ?? 0
    }, VAT ${terms?.vatPercent ?? 0} %)${i.amount === undefined ? '' : `, with ?amount=${i.amount}`}${
      i.return === undefined ? '' : `, started from ${i.return}`
    }.`;
  }
  if (input === null || input === undefined) return '';
  return `Starts with ${valueWords(input, 200)}.`;
}
