import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LanguageMessage } from '../../../machines/operator/languages';
import { missingMessage, operatorLanguage, translatedMessage } from '../../support/contentPaths';
import { manyCustomers } from '../../support/operatorPaths';
import { api, failure, ok, renderApp, SIGNED_IN } from '../support';

/** The console's access check lets the operator in; German lacks one message of the default language. */
function languagesApi(answers: { save?: (value: string) => Response | undefined } = {}) {
  let messages: LanguageMessage[] = [missingMessage, translatedMessage];
  const queries: string[] = [];
  const saved: Array<{ key: string; value: string }> = [];
  const missing = () => messages.filter((message) => message.value === null).length;
  const handlers = [
    http.get(api('/operator/customers'), () => ok(manyCustomers(1))),
    http.get(api('/operator/languages'), () =>
      ok([operatorLanguage('en'), operatorLanguage('de', { missing: missing() }), operatorLanguage('es')]),
    ),
    http.get(api('/operator/languages/2/messages'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query.toString());
      const items = messages.filter(
        (message) =>
          (query.get('missing') !== 'true' || message.value === null) &&
          (query.get('q') === null || message.key.includes(query.get('q') as string)),
      );
      return ok({ items, page: 1, per_page: 50, total: items.length, total_pages: items.length > 0 ? 1 : 0 });
    }),
    http.post(api('/operator/languages'), async ({ request }) => {
      const body = (await request.json()) as { code: string; title: string };
      if (body.code === 'de') {
        return failure(422, 'The store has this language already.', {
          code: ['The store has this language already.'],
        });
      }
      return ok([
        operatorLanguage('en'),
        operatorLanguage('de', { missing: missing() }),
        operatorLanguage('es'),
        { id: 4, code: body.code, title: body.title, default: false, messages: 0, missing: 840 },
      ]);
    }),
    http.put(api('/operator/languages/2/messages/:key'), async ({ request, params }) => {
      const { value } = (await request.json()) as { value: string };
      const key = String(params.key);
      saved.push({ key, value });
      const refused = answers.save?.(value);
      if (refused !== undefined) return refused;
      messages = messages.map((message) => (message.key === key ? { ...message, value } : message));
      return ok(messages.find((message) => message.key === key));
    }),
  ];
  return { handlers, queries, saved };
}

describe('the languages (/operator/languages)', () => {
  it('lists every language with its counts and links a language to its missing messages', async () => {
    const calls = languagesApi();
    const view = renderApp({ path: '/operator/languages', storage: SIGNED_IN, handlers: calls.handlers });
    await view.ready();
    const nav = screen.getByRole('navigation', { name: 'Operator console' });
    expect(within(nav).getByRole('link', { name: 'Languages' })).toHaveAttribute('aria-current', 'page');
    const german = (await screen.findByRole('link', { name: 'Deutsch' })).closest('tr') as HTMLElement;
    expect(within(german).getByRole('cell', { name: '840' })).toBeInTheDocument();
    await view.user.click(within(german).getByRole('link', { name: '1 missing message in Deutsch' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages in Deutsch' })).toBeInTheDocument();
    expect(view.router.state.location.searchStr).toBe('?missing=1');
    expect(screen.getByRole('button', { name: 'Missing (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('cell', { name: 'shell.nav.cart' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'account.profile.avatar' })).toBeNull();
    expect(calls.queries.at(-1)).toMatch(/^missing=true&page=1&per_page=50/);
  });

  it('adds a language; a taken code shows at the field with what was typed', async () => {
    const calls = languagesApi();
    const view = renderApp({ path: '/operator/languages', storage: SIGNED_IN, handlers: calls.handlers });
    await view.ready();
    await screen.findByRole('link', { name: 'Deutsch' });
    const form = screen.getByRole('region', { name: 'Add a language' });
    const code = within(form).getByRole('textbox', { name: 'Language code' });
    await view.user.type(code, 'French');
    await view.user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Français');
    await view.user.click(within(form).getByRole('button', { name: 'Add language' }));
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining('Enter a language code like fr or pt-BR'),
    );
    await view.user.clear(code);
    await view.user.type(code, 'de');
    await view.user.click(within(form).getByRole('button', { name: 'Add language' }));
    expect(await within(form).findByText('The store has this language already.')).toBeInTheDocument();
    expect(code).toHaveValue('de');
    await view.user.clear(code);
    await view.user.type(code, 'fr');
    await view.user.click(within(form).getByRole('button', { name: 'Add language' }));
    expect(await screen.findByText('The language was added.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Français' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '840 missing messages in Français' })).toBeInTheDocument();
    expect(code).toHaveValue('');
  });

  it('fills a missing message in beside the default text; a refusal shows at the text and keeps it', async () => {
    let refuse = true;
    const calls = languagesApi({
      save: () =>
        refuse
          ? failure(422, 'Use exactly the placeholders of the default language: {name}.', {
              value: ['Use exactly the placeholders of the default language: {name}.'],
            })
          : undefined,
    });
    const view = renderApp({ path: '/operator/languages/2', storage: SIGNED_IN, handlers: calls.handlers });
    await view.ready();
    const row = (await screen.findByRole('cell', { name: 'account.profile.avatar' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByRole('cell', { name: 'Profile picture of {name}' })).toBeInTheDocument();
    await view.user.click(within(row).getByRole('button', { name: 'Edit: account.profile.avatar' }));
    const field = within(row).getByRole('textbox', { name: 'Text in Deutsch' });
    expect(field).toHaveValue('Profilbild von {name}');
    await view.user.clear(field);
    await view.user.type(field, 'Profilbild');
    await view.user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(
      await within(row).findByText('Use exactly the placeholders of the default language: {name}.'),
    ).toBeInTheDocument();
    expect(field).toHaveValue('Profilbild');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    refuse = false;

    const cart = screen.getByRole('cell', { name: 'shell.nav.cart' }).closest('tr') as HTMLElement;
    expect(within(cart).getByText('Missing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Missing (1)' })).toBeInTheDocument();
    await view.user.click(within(cart).getByRole('button', { name: 'Translate: shell.nav.cart' }));
    const cartField = within(cart).getByRole('textbox', { name: 'Text in Deutsch' });
    expect(cartField).toHaveValue('');
    await view.user.type(cartField, 'Warenkorb');
    await view.user.click(within(cart).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The message was saved.')).toBeInTheDocument();
    expect(within(cart).getByText('Warenkorb')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Missing (0)' })).toBeInTheDocument();
    expect(calls.saved).toEqual([
      { key: 'account.profile.avatar', value: 'Profilbild' },
      { key: 'shell.nav.cart', value: 'Warenkorb' },
    ]);
  });

  it('searches the messages through the address', async () => {
    const calls = languagesApi();
    const view = renderApp({ path: '/operator/languages/2', storage: SIGNED_IN, handlers: calls.handlers });
    await view.ready();
    await screen.findByRole('cell', { name: 'shell.nav.cart' });
    await view.user.type(screen.getByRole('searchbox', { name: 'Find a message' }), 'avatar');
    await view.user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 message')).toBeInTheDocument();
    expect(view.router.state.location.searchStr).toBe('?q=avatar');
    expect(screen.queryByRole('cell', { name: 'shell.nav.cart' })).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Missing (1)' }));
    expect(await screen.findByText('No messages match')).toBeInTheDocument();
    expect(view.router.state.location.searchStr).toBe('?q=avatar&missing=1');
  });
});
