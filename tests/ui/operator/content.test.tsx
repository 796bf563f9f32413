import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { operatorPage } from '../../support/operatorPagesPaths';
import { manyCustomers } from '../../support/operatorPaths';
import { api, failure, ok, renderApp, SIGNED_IN } from '../support';

/** The console's access check (GET /operator/customers?limit=1) lets the operator in. */
const access = http.get(api('/operator/customers'), () => ok(manyCustomers(1)));

/** Page 4 as the operator API keeps it, with the saves and previews it was sent. */
function pageApi(answers: { save?: () => Response } = {}) {
  let page = operatorPage(4);
  const saves: Array<Record<string, unknown>> = [];
  const previews: unknown[] = [];
  const handlers = [
    access,
    http.get(api('/operator/pages/4'), () => ok(page)),
    http.patch(api('/operator/pages/4'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saves.push(body);
      const refused = answers.save?.();
      if (refused !== undefined) return refused;
      page = { ...page, texts: body.texts as typeof page.texts, version: page.version + 1 };
      return ok(page);
    }),
    http.post(api('/operator/pages/preview'), async ({ request }) => {
      const body = (await request.json()) as { content: string };
      previews.push(body);
      // The server's rule drops the script: the preview shows what it answers.
      return ok({ content: body.content.replace(/<script>.*<\/script>/, '') });
    }),
  ];
  return {
    handlers,
    saves,
    previews,
    changeMeanwhile: (title: string) => {
      page = { ...page, texts: { ...page.texts, en: { title, content: '' } }, version: page.version + 1 };
    },
  };
}

async function openPage(calls: ReturnType<typeof pageApi>) {
  const view = renderApp({ path: '/operator/pages/4', storage: SIGNED_IN, handlers: calls.handlers });
  await view.ready();
  await screen.findByRole('heading', { level: 1, name: 'Page 4' });
  return view;
}

describe('content (/operator/pages)', () => {
  it('lists every page under the console’s nav with its address and what the store uses it for', async () => {
    const view = renderApp({
      path: '/operator/pages',
      storage: SIGNED_IN,
      handlers: [
        access,
        http.get(api('/operator/pages'), () =>
          ok([operatorPage(1, { slug: 'rules' }), operatorPage(2, { slug: 'terms', is_terms: true })]),
        ),
      ],
    });
    await view.ready();
    const nav = await screen.findByRole('navigation', { name: 'Operator console' });
    expect(within(nav).getByRole('link', { name: 'Content' })).toHaveAttribute('aria-current', 'page');
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/operator/pages/1',
    );
    expect(within(rows[0] as HTMLElement).getByText('/rules')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).queryByText('Terms')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText('Terms')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a page' })).toHaveAttribute('href', '/operator/pages/new');
  });
});

describe('a page (/operator/pages/{id})', () => {
  it('previews a language as the server answers it, and saves the change with its version', async () => {
    const calls = pageApi();
    const view = await openPage(calls);
    expect(screen.getByRole('textbox', { name: 'Title (English)' })).toHaveValue('Page 4');
    expect(screen.getByRole('textbox', { name: 'Title (Español)' })).toHaveValue('');
    const german = screen.getByRole('textbox', { name: 'Content as HTML (Deutsch)' });
    await view.user.click(german);
    await view.user.paste('<p>Hallo</p><script>x()</script>');
    await view.user.click(screen.getByRole('button', { name: 'Preview (Deutsch)' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Preview: Deutsch' })).toBeInTheDocument();
    expect(screen.getByText('Hallo').closest('.prose')?.innerHTML).toBe('<p>Hallo</p>');
    expect(calls.previews).toEqual([
      { content: '<p>Hallo</p><script>x()</script>', lang_id: expect.any(Number) },
    ]);
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The page was saved.')).toBeInTheDocument();
    expect(calls.saves).toEqual([
      expect.objectContaining({
        version: 1,
        slug: 'page-4',
        texts: {
          en: { title: 'Page 4', content: '<p>Text.</p>' },
          de: { title: 'Seite 4', content: '<p>Hallo</p><script>x()</script>' },
        },
      }),
    ]);
  });

  it('checks the slug before sending, and shows a refusal of the API at its field', async () => {
    const calls = pageApi({
      save: () =>
        failure(422, 'A page with this slug exists already.', {
          slug: ['A page with this slug exists already.'],
        }),
    });
    const view = await openPage(calls);
    const slug = screen.getByRole('textbox', { name: 'Address' });
    await view.user.clear(slug);
    await view.user.type(slug, 'shop');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This slug is an address of the store itself. Choose another one.'),
    ).toBeInTheDocument();
    expect(calls.saves).toEqual([]);
    await view.user.clear(slug);
    await view.user.type(slug, 'terms');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A page with this slug exists already.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('a save after someone else’s keeps what was typed and offers Reload', async () => {
    const calls = pageApi({
      save: () => failure(409, 'This page was changed meanwhile. Reload it and save again.'),
    });
    const view = await openPage(calls);
    calls.changeMeanwhile('Theirs');
    const title = screen.getByRole('textbox', { name: 'Title (English)' });
    await view.user.clear(title);
    await view.user.type(title, 'Mine');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else changed this page meanwhile/)).toBeInTheDocument();
    expect(title).toHaveValue('Mine');
    await view.user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Title (English)' })).toHaveValue('Theirs'),
    );
  });
});
