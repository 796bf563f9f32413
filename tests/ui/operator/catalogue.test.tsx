import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { manyCustomers, operatorProduct } from '../../support/operatorPaths';
import { api, failure, ok, renderApp, SIGNED_IN } from '../support';

/** The console's access check (GET /operator/customers?limit=1) lets the operator in. */
const access = http.get(api('/operator/customers'), () => ok(manyCustomers(1)));
const categories = http.get(api('/operator/categories'), () =>
  ok([{ slug: 'ranks', title: 'Ranks', products: 2, active_products: 1 }]),
);

/** Product 4 as the operator API keeps it, with the saves and uploads it was sent. */
function productApi(answers: { save?: () => Response; image?: () => Response } = {}) {
  let product = operatorProduct(4);
  const saves: unknown[] = [];
  const uploads: FormData[] = [];
  const handlers = [
    access,
    categories,
    http.get(api('/operator/products/4'), () => ok(product)),
    // The page's delivery commands (tests/ui/operator/productCommands.test.tsx).
    http.get(api('/operator/products/4/commands'), () => ok({ product_id: 4, commands: [] })),
    http.get(api('/operator/game-servers'), () => ok([])),
    http.patch(api('/operator/products/4'), async ({ request }) => {
      const body = (await request.json()) as { price: number };
      saves.push(body);
      const refused = answers.save?.();
      if (refused !== undefined) return refused;
      product = { ...product, price: body.price, version: product.version + 1 };
      return ok(product);
    }),
    http.post(api('/operator/products/4/image'), async ({ request }) => {
      uploads.push(await request.formData());
      return answers.image?.() ?? ok({ ...product, img_url: '/api/product-images/abc', version: 2 });
    }),
  ];
  return {
    handlers,
    saves,
    uploads,
    changeMeanwhile: (price: number) => {
      product = { ...product, price, version: product.version + 1 };
    },
  };
}

async function openProduct(calls: ReturnType<typeof productApi>) {
  const view = renderApp({ path: '/operator/products/4', storage: SIGNED_IN, handlers: calls.handlers });
  await view.ready();
  await screen.findByRole('heading', { level: 1, name: 'Rank 4' });
  return view;
}

describe('the catalogue (/operator/products)', () => {
  it('lists every product under the console’s nav, hidden ones marked', async () => {
    const view = renderApp({
      path: '/operator/products',
      storage: SIGNED_IN,
      handlers: [
        access,
        http.get(api('/operator/products'), () =>
          ok([operatorProduct(1), operatorProduct(2, { active: false, category: 'kits', price: 150000 })]),
        ),
      ],
    });
    await view.ready();
    const nav = await screen.findByRole('navigation', { name: 'Operator console' });
    expect(within(nav).getByRole('link', { name: 'Catalogue' })).toHaveAttribute('aria-current', 'page');
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Rank 1' })).toHaveAttribute(
      'href',
      '/operator/products/1',
    );
    expect(within(rows[0] as HTMLElement).queryByText('Hidden')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText('Hidden')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('kits')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('1,500.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a product' })).toHaveAttribute(
      'href',
      '/operator/products/new',
    );
  });
});

describe('a product (/operator/products/{id})', () => {
  it('shows every language, saves the change with its version', async () => {
    const calls = productApi();
    const view = await openProduct(calls);
    expect(screen.getByRole('textbox', { name: 'Title (English)' })).toHaveValue('Rank 4');
    expect(screen.getByRole('textbox', { name: 'Title (Deutsch)' })).toHaveValue('Rang 4');
    expect(screen.getByRole('textbox', { name: 'Title (Español)' })).toHaveValue('');
    const price = screen.getByRole('textbox', { name: 'Price in coins' });
    expect(price).toHaveValue('24.99');
    await view.user.clear(price);
    await view.user.type(price, '30');
    const limit = screen.getByRole('textbox', { name: 'Limit per customer' });
    expect(limit).toHaveValue('');
    await view.user.type(limit, '1');
    const perOrder = screen.getByRole('textbox', { name: 'Limit per order' });
    expect(perOrder).toHaveValue('');
    await view.user.type(perOrder, '1');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The product was saved.')).toBeInTheDocument();
    expect(calls.saves).toEqual([
      expect.objectContaining({ version: 1, price: 3000, max_per_order: 1, max_per_customer: 1 }),
    ]);
  });

  it('checks the price before sending, and shows a refusal of the API at its field', async () => {
    const calls = productApi({
      save: () => failure(422, 'Category is too long', { category: ['Category is too long'] }),
    });
    const view = await openProduct(calls);
    const price = screen.getByRole('textbox', { name: 'Price in coins' });
    await view.user.clear(price);
    await view.user.type(price, '1.234');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter a price greater than 0, with at most 2 decimals'),
    ).toBeInTheDocument();
    expect(calls.saves).toEqual([]);
    await view.user.clear(price);
    await view.user.type(price, '12');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category is too long')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Category' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('a save after someone else’s keeps what was typed and offers Reload', async () => {
    const calls = productApi({
      save: () => failure(409, 'This product was changed meanwhile. Reload it and save again.'),
    });
    const view = await openProduct(calls);
    calls.changeMeanwhile(5000);
    const price = screen.getByRole('textbox', { name: 'Price in coins' });
    await view.user.clear(price);
    await view.user.type(price, '30');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else changed this product meanwhile/)).toBeInTheDocument();
    expect(price).toHaveValue('30');
    await view.user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Price in coins' })).toHaveValue('50.00'));
  });

  it('uploads an image with the version; a refused one shows why at the image', async () => {
    const calls = productApi({
      image: () =>
        failure(422, 'This is not a PNG, JPEG or WebP image.', {
          file: ['This is not a PNG, JPEG or WebP image.'],
        }),
    });
    const view = await openProduct(calls);
    expect(screen.getByRole('img', { name: 'The current image' })).toHaveAttribute(
      'src',
      '/images/products/placeholder.svg',
    );
    const file = new File(['not a picture'], 'picture.png', { type: 'image/png' });
    await view.user.upload(screen.getByLabelText('Upload an image'), file);
    expect(await screen.findByText('This is not a PNG, JPEG or WebP image.')).toBeInTheDocument();
    expect(screen.getByLabelText('Upload an image')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.uploads[0]?.get('version')).toBe('1');
    // jsdom's File is not undici's Blob: what the browser sends the e2e suite checks (operator.e2e.ts).
    expect(calls.uploads[0]?.has('file')).toBe(true);
  });
});
