import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MessageText } from '../../../machines/text';
import { IntlProvider } from '../../../src/i18n/IntlProvider';
import { useText } from '../../../src/i18n/useText';
import { api, ok, renderApp, SIGNED_IN } from '../support';

/**
 * docs/decisions/0007: machines speak message ids, and with Deutsch chosen every notice and form error they
 * produce reads German. The catalogue is the one the server seeds.
 */
const root = resolve(import.meta.dirname, '../../..');
const german = JSON.parse(readFileSync(join(root, 'server/db/seed/catalogues/de.json'), 'utf8')) as Record<
  string,
  string
>;

const isMessage = (value: unknown): value is MessageText =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as MessageText).id === 'string' &&
  typeof (value as MessageText).defaultMessage === 'string';

function messagesIn(value: unknown, found: Map<string, MessageText>, seen = new Set<unknown>()): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  if (isMessage(value)) {
    found.set(value.id, value);
    return;
  }
  const prototype = Object.getPrototypeOf(value);
  if (Array.isArray(value) || prototype === Object.prototype || prototype === null) {
    for (const item of Object.values(value)) messagesIn(item, found, seen);
  }
}

/** Every message descriptor a machine module exports, its rules and message tables included. */
async function machineMessages(): Promise<MessageText[]> {
  const found = new Map<string, MessageText>();
  for (const folder of ['machines', 'machines/forms']) {
    for (const file of readdirSync(join(root, folder)).filter((name) => name.endsWith('.ts'))) {
      messagesIn(await import(/* @vite-ignore */ join(root, folder, file)), found);
    }
  }
  return [...found.values()];
}

/** A value for each `{name}` and `{name, number}` of the English default, as the machine gives it (`withValues`). */
const withSampleValues = (text: MessageText): MessageText => ({
  ...text,
  values: Object.fromEntries([...text.defaultMessage.matchAll(/\{(\w+)[,}]/g)].map(([, name]) => [name, 7])),
});

function Rendered({ texts }: { texts: MessageText[] }) {
  const format = useText();
  return (
    <ul>
      {texts.map((text) => (
        <li key={text.id} data-id={text.id}>
          {format(withSampleValues(text))}
        </li>
      ))}
    </ul>
  );
}

describe('machine texts in German', () => {
  it('every message a machine can show renders German, never its English default', async () => {
    const texts = await machineMessages();
    expect(texts.length).toBeGreaterThan(40);
    const { container } = render(
      <IntlProvider locale="de" messages={german}>
        <Rendered texts={texts} />
      </IntlProvider>,
    );
    const leaks = texts
      .filter((text) => {
        const shown = container.querySelector(`[data-id="${text.id}"]`)?.textContent ?? '';
        return shown === text.defaultMessage.replace(/\{\w+(?:, number)?\}/g, '7') || shown.trim() === '';
      })
      .map((text) => `${text.id}: ${text.defaultMessage}`);
    expect(leaks).toEqual([]);
  });

  const inGerman = [
    http.get(api('/localizations'), ({ request }) =>
      ok(new URL(request.url).searchParams.get('lang_id') === '2' ? german : {}),
    ),
  ];

  it('a form error on the rendered Sign In screen is German', async () => {
    const view = renderApp({ path: '/login', storage: { languageId: '2' }, handlers: inGerman });
    await view.ready();
    const main = screen.getByRole('main');
    await view.user.click(within(main).getByRole('button', { name: german['auth.signIn.submit'] }));
    expect(await within(main).findByRole('alert')).toHaveTextContent(
      german['forms.error.credentialsRequired'] as string,
    );
    expect(main).not.toHaveTextContent('Email and password are required');
  });

  it('a sentence with a link in it is one message, which a language may order its own way', async () => {
    // docs/decisions/0040-one-way-to-say-text.md: not 'Noch kein Konto?' + a link glued on in English order.
    const reordered = {
      ...german,
      'auth.signIn.switchToSignUp': '<link>Registrieren</link>, falls noch kein Konto da ist',
    };
    const view = renderApp({
      path: '/login',
      storage: { languageId: '2' },
      handlers: [
        http.get(api('/localizations'), ({ request }) =>
          ok(new URL(request.url).searchParams.get('lang_id') === '2' ? reordered : {}),
        ),
      ],
    });
    await view.ready();
    const link = await within(screen.getByRole('main')).findByRole('link', { name: 'Registrieren' });
    const line = link.closest('p') as HTMLElement;
    expect(line).toHaveTextContent(/^Registrieren, falls noch kein Konto da ist$/);
    expect(line.firstChild).toBe(link);
  });

  it("the session's notice after logout is German", async () => {
    const view = renderApp({ path: '/', storage: { ...SIGNED_IN, languageId: '2' }, handlers: inGerman });
    await view.ready();
    view.app.getSnapshot().context.session.send({ type: 'LOGOUT' });
    expect(await screen.findByText(german['session.notice.loggedOut'] as string)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Logged out successfully')).not.toBeInTheDocument());
  });
});
