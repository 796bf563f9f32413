import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { formMessages } from '../../../machines/forms/messages';
import { isValid } from '../../../machines/forms/rules';
import { type SignUpEvent, signUpMachine, signUpRules } from '../../../machines/forms/signUp';
import { failureMessages, type Text, verbatim } from '../../../machines/text';
import { countries } from '../../support/fixtures';
import {
  GERMAN_NUMBER,
  phoneChange as phone,
  RUSSIAN_NUMBER,
  SIGN_UP_ORDER,
  signUpPlan,
} from '../../support/formPaths';
import { afterEvent, describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { english, isText } from '../../support/text';
import { startInSystem } from '../support';
import { apiFailure, networkError, rateLimited, run, serverError } from './support';

const INPUT = { countries };

const FILLED: SignUpEvent[] = SIGN_UP_ORDER.map(([, , fix]) => fix);
const SIGNED_UP = { token: 'tok', emailVerified: false };

describePaths('signUp paths', pathPlan(signUpMachine, signUpPlan));

const submitted = (...events: SignUpEvent[]) => run(signUpMachine, INPUT, [...events, { type: 'SUBMIT' }]);

describe('signUp rules (docs/product.md §5)', () => {
  it('checks in the order of docs/product.md §5, one message at a time, at its field', () => {
    SIGN_UP_ORDER.forEach(([message, field], index) => {
      const { snapshot } = submitted(...FILLED.slice(0, index));
      expect(english(snapshot.context.errors), message).toEqual({ [field]: message });
      // A catalogue message, translated on screen, never the server's words.
      const shown = snapshot.context.errors[field as keyof typeof snapshot.context.errors];
      expect(isText(shown) && 'id' in shown, message).toBe(true);
      expect(snapshot.context.formError).toBeNull();
      expect(snapshot.matches({ form: 'editing' })).toBe(true);
    });
    expect(isValid(signUpRules, submitted(...FILLED).snapshot.context.values)).toBe(true);
  });

  it.each([
    ['too short', 'Dia7'],
    ['too long', 'Diamond7Diamond'],
    ['no upper case', 'diamond7'],
    ['no lower case', 'DIAMOND7'],
    ['no digit', 'Diamonds'],
    ['a space', 'Dia mond7'],
  ])('the password rule refuses a password with %s', (_, password) => {
    const events = FILLED.map((event) =>
      event.type === 'CHANGE' && event.field.startsWith('password') ? { ...event, value: password } : event,
    );
    expect(submitted(...events).snapshot.context.errors).toEqual({ password: formMessages.passwordRule });
  });

  it('sends the register payload of docs/product.md §7 and locks SUBMIT for 500 ms', () => {
    const { snapshot } = submitted(...FILLED);
    expect(snapshot.value).toEqual({ form: 'registering', lock: 'locked', phoneNotice: 'quiet' });
    expect(snapshot.children.register).toBeDefined();
    // A fast failure brings the form back, but the lock still holds for the rest of the 500 ms.
    const failed = run(signUpMachine, INPUT, [
      ...FILLED,
      { type: 'SUBMIT' },
      errorEvent('register', serverError),
    ]);
    expect(failed.snapshot.matches({ form: 'editing', lock: 'locked' })).toBe(true);
    expect(failed.snapshot.can({ type: 'SUBMIT' })).toBe(false);
    const unlocked = run(signUpMachine, INPUT, [
      ...FILLED,
      { type: 'SUBMIT' },
      errorEvent('register', serverError),
      afterEvent(500, 'signUp.lock.locked'),
    ]);
    expect(unlocked.snapshot.can({ type: 'SUBMIT' })).toBe(true);
  });

  it('on success tells the session, says where the verification link went and goes to the account', () => {
    const { snapshot, emitted, sent } = run(signUpMachine, INPUT, [
      ...FILLED,
      { type: 'SUBMIT' },
      doneEvent('register', SIGNED_UP),
    ]);
    expect(snapshot.matches({ form: 'registered' })).toBe(true);
    expect(sent[0]).toEqual({
      to: 'session',
      event: { type: 'SIGNED_IN', token: 'tok', emailVerified: false },
    });
    expect(
      sent
        .slice(1)
        .map(({ to, event }) => ({ to, text: english((event as unknown as { text: Text }).text) })),
    ).toEqual([
      {
        to: 'toasts',
        text: 'Welcome! We sent a link to alex@example.com: open it to verify your email address.',
      },
    ]);
    expect(emitted).toEqual([{ type: 'navigate', to: '/account' }]);
  });

  it("goes to the redirect target instead, with a notice for a guest's Add to cart", () => {
    const guest = { countries, redirectTo: '/shop?add=5&count=3' };
    const { snapshot, emitted } = run(signUpMachine, guest, [
      ...FILLED,
      { type: 'SUBMIT' },
      doneEvent('register', SIGNED_UP),
    ]);
    expect(english(snapshot.context.notice)).toBe('Create an account to add items to your cart');
    expect(emitted).toEqual([{ type: 'navigate', to: '/shop?add=5&count=3' }]);
    const elsewhere = run(signUpMachine, { countries, redirectTo: '/cart' }, [
      ...FILLED,
      { type: 'SUBMIT' },
      doneEvent('register', SIGNED_UP),
    ]);
    expect(elsewhere.snapshot.context.notice).toBeNull();
    expect(elsewhere.emitted).toEqual([{ type: 'navigate', to: '/cart' }]);
    expect(run(signUpMachine, INPUT, []).snapshot.context.notice).toBeNull();
  });

  it('server field errors land on their fields; the first message of each', () => {
    const { snapshot } = run(signUpMachine, INPUT, [
      ...FILLED,
      { type: 'SUBMIT' },
      errorEvent(
        'register',
        apiFailure('validation', 'The email has already been taken.', {
          status: 422,
          fieldErrors: {
            name: ['Name may not be longer than 100 characters'],
            surname: ['Surname is required'],
            email: ['The email has already been taken.', 'second'],
            phone: ['Please enter a valid phone number'],
            password: ['Password is too weak'],
            password_confirmation: ['Please confirm your password'],
          },
        }),
      ),
    ]);
    expect(snapshot.context.errors).toEqual({
      name: verbatim('Name may not be longer than 100 characters'),
      surname: verbatim('Surname is required'),
      email: verbatim('The email has already been taken.'),
      phone: verbatim('Please enter a valid phone number'),
      password: verbatim('Password is too weak'),
      passwordConfirmation: verbatim('Please confirm your password'),
    });
    expect(snapshot.context.formError).toBeNull();
  });

  it.each([
    ['429', rateLimited, failureMessages.rateLimited],
    ['5xx', serverError, failureMessages.server],
    ['no response', networkError, failureMessages.network],
    [
      'registration closed (403)',
      apiFailure('forbidden', 'Registration is currently closed.', {
        status: 403,
        serverMessage: 'Registration is currently closed.',
      }),
      verbatim('Registration is currently closed.'),
    ],
    [
      '403 without a message',
      apiFailure('forbidden', 'Access forbidden', { status: 403 }),
      failureMessages.forbidden,
    ],
    ['an answer without a message', apiFailure('bad-request', ''), formMessages.registrationFailed],
  ])('a failure shows its message: %s', (_, error, message) => {
    const { snapshot } = run(signUpMachine, INPUT, [
      ...FILLED,
      { type: 'SUBMIT' },
      errorEvent('register', error),
    ]);
    expect(snapshot.context).toMatchObject({ errors: {}, formError: message });
  });
});

describe('signUp phone input (docs/product.md §5)', () => {
  it("clears a number of another country, says 'This country is not supported', and toasts it 500 ms later", () => {
    const rejected = run(signUpMachine, INPUT, [GERMAN_NUMBER, RUSSIAN_NUMBER]);
    expect(rejected.snapshot.context.values.phone).toEqual({
      text: '',
      country: 'DE',
      e164: null,
      valid: false,
    });
    expect(rejected.snapshot.context.errors).toEqual({ phone: formMessages.countryNotSupported });
    expect(english(rejected.snapshot.context.errors)).toEqual({ phone: 'This country is not supported' });
    expect(rejected.emitted).toEqual([]);
    expect(rejected.sent).toEqual([]);
    const toasted = run(signUpMachine, INPUT, [
      RUSSIAN_NUMBER,
      afterEvent(500, 'signUp.phoneNotice.pending'),
    ]);
    expect(toasted.emitted).toEqual([]);
    expect(toasted.sent).toEqual([
      { to: 'toasts', event: { type: 'SHOW', kind: 'error', text: formMessages.countryNotSupported } },
    ]);
  });

  it('debounces the toast: another unsupported number within 500 ms restarts the wait', () => {
    vi.useFakeTimers();
    try {
      const { host, subject, sent } = startInSystem(
        signUpMachine.provide({ actors: { guessCountry: fromPromise<string | null>(async () => null) } }),
        { input: INPUT, systemIds: ['toasts', 'session'] },
      );
      subject.send(RUSSIAN_NUMBER);
      vi.advanceTimersByTime(400);
      subject.send(RUSSIAN_NUMBER);
      vi.advanceTimersByTime(400);
      expect(sent).toEqual([]);
      vi.advanceTimersByTime(100);
      expect(sent).toEqual([
        { to: 'toasts', event: { type: 'SHOW', kind: 'error', text: formMessages.countryNotSupported } },
      ]);
      host.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('accepts a number while its calling code is shared with an allowed country (+1)', () => {
    const { snapshot } = run(signUpMachine, INPUT, [
      phone({ text: '+1', country: null, candidates: ['US', 'CA'] }),
    ]);
    expect(snapshot.context.errors).toEqual({});
    expect(snapshot.context.values.phone.text).toBe('+1');
  });

  it('takes the country chosen in the Country field until a number is typed', () => {
    const chosen = (...events: SignUpEvent[]) =>
      run(signUpMachine, INPUT, events).snapshot.context.values.phone;
    expect(chosen({ type: 'CHANGE', field: 'country', value: '83' }).country).toBe('DE');
    expect(chosen({ type: 'CHANGE', field: 'country', value: '999' }).country).toBeNull();
    expect(chosen(GERMAN_NUMBER, { type: 'CHANGE', field: 'country', value: '14' }).country).toBe('DE');
  });

  it('takes the guessed country only when allowed and nothing was entered', () => {
    expect(
      run(signUpMachine, INPUT, [doneEvent('guessCountry', 'AT')]).snapshot.context.values.phone.country,
    ).toBe('AT');
    expect(
      run(signUpMachine, INPUT, [doneEvent('guessCountry', 'RU')]).snapshot.context.values.phone.country,
    ).toBeNull();
    expect(
      run(signUpMachine, INPUT, [doneEvent('guessCountry', null)]).snapshot.context.values.phone.country,
    ).toBeNull();
    expect(
      run(signUpMachine, INPUT, [GERMAN_NUMBER, doneEvent('guessCountry', 'AT')]).snapshot.context.values
        .phone.country,
    ).toBe('DE');
  });
});
