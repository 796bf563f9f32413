import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { type SignUpEvent, SUBMIT_LOCK_MS, signUpMachine } from '../../../machines/forms/signUp';
import { countries, registrationForm } from '../../support/fixtures';
import { PASSWORD_RULE, SIGN_UP_ORDER, signUpPlan } from '../../support/formPaths';
import { pathPlan } from '../../support/paths';
import { api, DEMO_TOKEN, failure, type RenderAppOptions, type RenderedApp, renderApp } from '../support';
import { watchNotices } from '../support/replays';
import { expectState, type FormScreen, performStep, replayable } from './replay';
import * as authForm from './support';

const TERMS = 'I accept the Terms and Conditions and the Privacy Policy';
const LABELS = {
  name: 'First Name',
  surname: 'Last Name',
  email: 'Email',
  country: 'Country',
  city: 'City',
  phone: 'Phone Number',
  password: 'Password',
  passwordConfirmation: 'Confirm Password',
  terms: TERMS,
};
const LOOKUP_URL = 'https://ip.example/lookup';
const UNSUPPORTED = 'This country is not supported';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

async function openSignUp(handlers: RenderAppOptions['handlers'] = []) {
  const view = renderApp({ path: '/register', handlers });
  await view.ready();
  await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
  return view;
}

/** Replaces a text field's value the way a paste does (one change, as the machine sees it). */
async function enter(view: RenderedApp, label: string, value: string) {
  const input = authForm.field(label);
  await view.user.clear(input);
  if (value !== '') {
    await view.user.click(input);
    await view.user.paste(value);
  }
}

async function chooseCountry(view: RenderedApp, title: string) {
  const combobox = await within(authForm.main()).findByRole('combobox', { name: 'Country' });
  await waitFor(() => expect(combobox).toBeEnabled());
  await view.user.clear(combobox);
  await view.user.type(combobox, title.slice(0, 3));
  await view.user.click(await screen.findByRole('option', { name: title }));
}

/** What a customer does for each sign-up event. */
async function act(view: RenderedApp, event: SignUpEvent) {
  if (event.type === 'CHANGE' && event.field === 'country') {
    const title = countries.find((country) => String(country.id) === event.value)?.title ?? '';
    await chooseCountry(view, title);
  } else if (event.type === 'CHANGE') {
    await enter(view, LABELS[event.field], event.value);
  } else if (event.type === 'PHONE_CHANGED') {
    await enter(view, LABELS.phone, event.change.text);
  } else if (event.type === 'ACCEPT_TERMS') {
    const checkbox = within(authForm.main()).getByRole('checkbox', { name: TERMS });
    if ((checkbox as HTMLInputElement).checked !== event.accepted) await view.user.click(checkbox);
  } else {
    await view.user.click(within(authForm.main()).getByRole('button', { name: 'SIGN UP' }));
  }
}

async function fillAll(view: RenderedApp) {
  for (const [, , fix] of SIGN_UP_ORDER) await act(view, fix);
}

describe('signUp paths on the Sign Up screen', () => {
  const plan = pathPlan(signUpMachine, signUpPlan);
  for (const path of plan.paths.filter(replayable)) {
    it(path.name, async () => {
      // The submit lock's 500 ms are driven (advanceTimersByTime), not slept; shouldAdvanceTime
      // keeps every other timer, and Testing Library's polling, on real time.
      vi.useFakeTimers({ shouldAdvanceTime: true });
      vi.stubEnv('VITE_IP_LOOKUP_URL', LOOKUP_URL);
      const lookup = deferredLookup();
      const register = authForm.heldOperation('post', '/register');
      const view = await openSignUp([register.handler, lookup.handler]);
      const screenModel: FormScreen = {
        labels: LABELS,
        submit: { idle: 'SIGN UP', pending: 'CREATING...' },
        pendingState: 'registering',
        operation: register,
        success: () => authForm.authResponse(false),
      };
      const toasts = watchNotices(view);
      for (const step of path.steps) {
        const { type } = step.event;
        const { value } = JSON.parse(step.state) as { value: { form: string } };
        if (type === 'xstate.done.actor.guessCountry')
          await lookup.answer(new HttpResponse('1;AT;AUT;Austria'));
        else if (type === 'xstate.error.actor.guessCountry') await lookup.answer(HttpResponse.error());
        else if (type === 'xstate.after.500.signUp.lock.locked') vi.advanceTimersByTime(SUBMIT_LOCK_MS);
        else if (type === 'xstate.after.500.signUp.phoneNotice.pending')
          await waitFor(() => expect(toasts).toContain(UNSUPPORTED));
        else if (type.startsWith('xstate.')) await performStep(view, screenModel, step.event as EventObject);
        else await act(view, step.event as SignUpEvent);

        if (value.form === 'registered') {
          await waitFor(() => expect(view.location()).toBe('/account/profile'));
        } else {
          await expectState(
            { ...screenModel, pendingState: 'registering' },
            JSON.stringify({ ...JSON.parse(step.state), value: value.form }),
          );
        }
        if (type === 'xstate.done.actor.guessCountry') {
          await waitFor(() =>
            expect(within(authForm.main()).getByRole('combobox', { name: 'Dial code' })).toHaveValue('AT'),
          );
        }
      }
    });
  }
});

describe('Sign Up (docs/product.md §2, §5, §8)', () => {
  it('shows every docs/product.md §5 message in order, each at its field', async () => {
    const view = await openSignUp();
    for (const [message, name, fix] of SIGN_UP_ORDER) {
      await view.user.click(within(authForm.main()).getByRole('button', { name: 'SIGN UP' }));
      const label = LABELS[name as keyof typeof LABELS];
      if (name === 'terms') {
        await waitFor(() =>
          expect(within(authForm.main()).getByRole('checkbox', { name: TERMS })).toHaveAccessibleDescription(
            message,
          ),
        );
      } else {
        await authForm.expectFieldError(label, message);
        expect(authForm.field(label)).toHaveFocus();
      }
      // Only that message is shown.
      expect(within(authForm.main()).getAllByText(message)).toHaveLength(1);
      await act(view, fix);
    }
  });

  it('shows the password hints, ticked off while typing', async () => {
    const view = await openSignUp();
    const hints = within(authForm.main()).getByText('1 lower case [a-z]').closest('ul');
    expect(hints).not.toBeNull();
    expect(within(hints as HTMLElement).getByText('1 upper case [A-Z]')).toBeInTheDocument();
    expect(within(hints as HTMLElement).getByText('1 numeric [0-9]')).toBeInTheDocument();
    expect(authForm.field('Password')).toHaveAccessibleDescription(
      expect.stringContaining('1 lower case [a-z]'),
    );
    await enter(view, 'Password', 'a');
    expect(within(hints as HTMLElement).getByText('1 lower case [a-z]')).toHaveAttribute('data-met', 'true');
    expect(within(hints as HTMLElement).getByText('1 upper case [A-Z]')).toHaveAttribute('data-met', 'false');
  });

  it('links the terms and privacy pages (is_terms, is_privacy) in a new tab', async () => {
    await openSignUp();
    const terms = await within(authForm.main()).findByRole('link', { name: 'Terms and Conditions' });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(within(authForm.main()).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('signs up: docs/product.md §7 payload, CREATING..., token stored, header switches, the account opens', async () => {
    const register = authForm.heldOperation('post', '/register');
    const view = await openSignUp([register.handler]);
    await fillAll(view);
    await view.user.click(within(authForm.main()).getByRole('button', { name: 'SIGN UP' }));
    expect(await within(authForm.main()).findByRole('button', { name: 'CREATING...' })).toBeInTheDocument();
    await register.answer(authForm.authResponse(false));
    await waitFor(() => expect(view.location()).toBe('/account/profile'));
    expect(register.bodies[0]).toEqual({ ...registrationForm, lang_id: 1 });
    expect(localStorage.getItem('token')).toBe(DEMO_TOKEN);
    expect(
      await within(screen.getByRole('banner')).findByRole('link', { name: 'MY PROFILE' }),
    ).toBeInTheDocument();
  });

  it('puts server field errors on their fields (422)', async () => {
    const view = await openSignUp([
      http.post(api('/register'), () =>
        authForm.fieldErrors({
          name: ['Name may not be longer than 100 characters'],
          surname: ['Surname is required'],
          email: ['The email has already been taken.'],
          phone: ['Please enter a valid phone number'],
          password: [PASSWORD_RULE],
          password_confirmation: ['Please confirm your password'],
        }),
      ),
    ]);
    await fillAll(view);
    await view.user.click(within(authForm.main()).getByRole('button', { name: 'SIGN UP' }));
    await authForm.expectFieldError('First Name', 'Name may not be longer than 100 characters');
    await authForm.expectFieldError('Last Name', 'Surname is required');
    await authForm.expectFieldError('Email', 'The email has already been taken.');
    await authForm.expectFieldError('Phone Number', 'Please enter a valid phone number');
    await authForm.expectFieldError('Password', PASSWORD_RULE);
    await authForm.expectFieldError('Confirm Password', 'Please confirm your password');
    expect(authForm.field('First Name')).toHaveFocus();
  });

  // One filled form meets every failure in turn: each shows its message and keeps what was typed;
  // after the first, the 500 ms lock turns a second quick click into nothing.
  it('shows the message of every failed answer, keeps the form, and locks submissions for 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      ...authForm.CLIENT_FAILURES,
      { answer: '400', respond: () => failure(400, ''), message: 'Registration failed' },
      {
        answer: '403',
        respond: () => failure(403, 'Registration is currently closed.'),
        message: 'Registration is currently closed.',
      },
    ];
    let requests = 0;
    const view = await openSignUp([
      http.post(api('/register'), () => {
        const answer = answers[requests];
        requests += 1;
        return answer ? answer.respond() : failure(500, '');
      }),
    ]);
    await fillAll(view);
    const submit = () => view.user.click(within(authForm.main()).getByRole('button', { name: 'SIGN UP' }));
    for (const [index, { message }] of answers.entries()) {
      await submit();
      await authForm.expectFormError(message);
      if (index === 0) {
        await submit();
        expect(requests).toBe(1);
      }
      expect(authForm.field('Email')).toHaveValue(registrationForm.email);
      vi.advanceTimersByTime(SUBMIT_LOCK_MS);
    }
  });
});

describe('Sign Up phone input (docs/product.md §5)', () => {
  it('formats as typed in international format, at most 25 characters, with its placeholder', async () => {
    const view = await openSignUp();
    const phone = authForm.field('Phone Number');
    expect(phone).toHaveAttribute('placeholder', 'Enter a phone number');
    expect(phone).toHaveAttribute('maxlength', '25');
    await view.user.type(phone, '+4930901820');
    expect(phone).toHaveValue('+49 30 901820');
    expect(within(authForm.main()).getByRole('combobox', { name: 'Dial code' })).toHaveValue('DE');
  });

  it("a national number takes the chosen country's calling code", async () => {
    const view = await openSignUp();
    await chooseCountry(view, 'Germany');
    expect(within(authForm.main()).getByRole('combobox', { name: 'Dial code' })).toHaveValue('DE');
    await view.user.type(authForm.field('Phone Number'), '030901820');
    expect(authForm.field('Phone Number')).toHaveValue('+49 30 901820');
  });

  it('keeps the chosen country for a number the library would place elsewhere in its calling code', async () => {
    const view = await openSignUp();
    const dialCode = within(authForm.main()).getByRole('combobox', { name: 'Dial code' });
    await view.user.selectOptions(dialCode, 'GB');
    // +44 7911 is Guernsey's to the library; the customer chose the United Kingdom.
    await view.user.type(authForm.field('Phone Number'), '{Control>}a{/Control}07911 123456');
    expect(authForm.field('Phone Number')).toHaveValue('+44 7911 123456');
    expect(dialCode).toHaveValue('GB');
  });

  it('with no country a national number stays as typed; choosing its country then reads it', async () => {
    const view = await openSignUp();
    const dialCode = within(authForm.main()).getByRole('combobox', { name: 'Dial code' });
    await view.user.type(authForm.field('Phone Number'), '0151 234 5678');
    expect(authForm.field('Phone Number')).toHaveValue('0151 234 5678');
    await view.user.selectOptions(dialCode, 'GB');
    expect(authForm.field('Phone Number')).toHaveValue('+44 151 234 5678');
    expect(dialCode).toHaveValue('GB');
  });

  it('offers only the server countries to choose from', async () => {
    const view = await openSignUp();
    const dialCode = within(authForm.main()).getByRole('combobox', { name: 'Dial code' });
    const offered = within(dialCode).getAllByRole('option').slice(1);
    expect(offered.map((option) => option.textContent)).toEqual(
      countries.map((country) => expect.stringContaining(country.title)),
    );
    await view.user.selectOptions(dialCode, 'GB');
    expect(authForm.field('Phone Number')).toHaveValue('+44');
  });

  it("another country: cleared at once with 'This country is not supported', the toast 500 ms later", async () => {
    const view = await openSignUp();
    const toasts = watchNotices(view);
    const phone = authForm.field('Phone Number');
    await view.user.type(phone, '+4930');
    const typedAt = Date.now();
    await view.user.type(phone, '{Control>}a{/Control}+7');
    expect(phone).toHaveValue('');
    await authForm.expectFieldError('Phone Number', UNSUPPORTED);
    expect(toasts).not.toContain(UNSUPPORTED);
    await waitFor(() => expect(toasts).toContain(UNSUPPORTED));
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(450);
    expect(toasts.filter((message) => message === UNSUPPORTED)).toHaveLength(1);
  });

  it('guesses the country from the IP lookup (VITE_IP_LOOKUP_URL): "1;AT;…" → Austria', async () => {
    vi.stubEnv('VITE_IP_LOOKUP_URL', LOOKUP_URL);
    await openSignUp([http.get(LOOKUP_URL, () => new HttpResponse('1;AT;AUT;Austria'))]);
    await waitFor(() =>
      expect(within(authForm.main()).getByRole('combobox', { name: 'Dial code' })).toHaveValue('AT'),
    );
  });

  it.each([
    ['an answer not starting with 1', () => new HttpResponse('0;;;WRONG INPUT')],
    ['a country outside the list', () => new HttpResponse('1;RU;RUS;Russia')],
    ['a failed lookup', () => HttpResponse.error()],
  ])('no guess for %s', async (_, respond) => {
    vi.stubEnv('VITE_IP_LOOKUP_URL', LOOKUP_URL);
    let asked = false;
    await openSignUp([
      http.get(LOOKUP_URL, () => {
        asked = true;
        return respond();
      }),
    ]);
    await waitFor(() => expect(asked).toBe(true));
    await pause(50);
    expect(within(authForm.main()).getByRole('combobox', { name: 'Dial code' })).toHaveValue('');
  });
});

function deferredLookup() {
  const waiting: Array<(response: Response) => void> = [];
  return {
    handler: http.get(LOOKUP_URL, () => new Promise<Response>((resolve) => waiting.push(resolve))),
    /** Answers every lookup so far: StrictMode mounts the screen twice, and only the last form listens. */
    async answer(response: Response) {
      await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      for (const resolve of waiting.splice(0)) resolve(response.clone());
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
