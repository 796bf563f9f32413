import { describe, expect, it } from 'vitest';
import { editorMessages, productEditorMachine, saveRequest } from '../../../machines/operator/productEditor';
import { verbatim } from '../../../machines/text';
import {
  EDITOR_LANGUAGES,
  editorPlan,
  notAnImage,
  notFound,
  operatorProduct,
  staleVersion,
} from '../../support/operatorPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { run } from '../forms/support';

describePaths('productEditor paths', pathPlan(productEditorMachine, editorPlan));

const existing = { id: 4, languages: EDITOR_LANGUAGES };
const fresh = { id: null, languages: EDITOR_LANGUAGES };
const loaded = doneEvent('loadProduct', { product: operatorProduct(4), categories: ['ranks', 'kits'] });
const loadedNew = doneEvent('loadProduct', { product: null, categories: ['ranks'] });
const change = (field: string, value: string) => ({ type: 'CHANGE', field, value });

describe('productEditor', () => {
  it('shows the loaded product in the form: every language, price in coins, shown, position', () => {
    const { snapshot } = run(productEditorMachine, existing, [loaded]);
    expect(snapshot.value).toEqual({ form: 'editing', image: 'idle' });
    expect(snapshot.context.values).toEqual({
      slug: 'rank-4',
      category: 'ranks',
      price: '24.99',
      compare_at_price: '',
      active: 'yes',
      position: '4',
      max_per_order: '',
      max_per_customer: '',
      'title:en': 'Rank 4',
      'description:en': 'A rank.',
      'title:de': 'Rang 4',
      'description:de': '',
    });
    expect(snapshot.context.categories).toEqual(['ranks', 'kits']);
    expect(run(productEditorMachine, existing, [errorEvent('loadProduct', notFound)]).snapshot.value).toEqual(
      {
        form: 'notFound',
        image: 'idle',
      },
    );
  });

  it.each([
    ['slug', '', 'slug', editorMessages.slugRequired],
    ['slug', 'Big Rank', 'slug', editorMessages.slugFormat],
    ['title:en', '', 'title:en', editorMessages.titleRequired],
    ['price', '0', 'price', editorMessages.priceFormat],
    ['price', '12.345', 'price', editorMessages.priceFormat],
    ['price', '10000000000.01', 'price', editorMessages.priceTooLarge],
    ['position', '-1', 'position', editorMessages.positionFormat],
    ['max_per_customer', '0', 'max_per_customer', editorMessages.limitFormat],
    ['max_per_customer', '1.5', 'max_per_customer', editorMessages.limitFormat],
    ['max_per_customer', '1000001', 'max_per_customer', editorMessages.limitFormat],
    ['max_per_order', '0', 'max_per_order', editorMessages.limitFormat],
    ['compare_at_price', '12', 'compare_at_price', editorMessages.compareAtFormat],
    ['compare_at_price', 'ten', 'compare_at_price', editorMessages.compareAtFormat],
    ['max_per_order', 'one', 'max_per_order', editorMessages.limitFormat],
  ])('a new product with %s %j: the rule at its field', (field, value, at, message) => {
    const good = [
      change('slug', 'netherite-rank'),
      change('title:en', 'Netherite Rank'),
      change('category', 'ranks'),
      change('price', '34.99'),
    ];
    const { snapshot } = run(productEditorMachine, fresh, [
      loadedNew,
      ...good,
      change(field, value),
      { type: 'SUBMIT' },
    ]);
    expect(snapshot.value).toEqual({ form: 'editing', image: 'idle' });
    expect(snapshot.context.errors).toEqual({ [at]: message });
  });

  it('a description without its title is refused at that language’s title', () => {
    const { snapshot } = run(productEditorMachine, existing, [
      loaded,
      change('title:de', ''),
      change('description:de', 'Nur Text'),
      { type: 'SUBMIT' },
    ]);
    expect(snapshot.context.errors).toEqual({ 'title:de': editorMessages.titleForDescription });
  });

  it('sends a new product, or the change with its version; an emptied language is removed', () => {
    const created = run(productEditorMachine, fresh, [
      loadedNew,
      change('slug', ' netherite-rank '),
      change('title:en', 'Netherite Rank'),
      change('category', 'ranks'),
      change('price', '34,99'),
      change('active', 'yes'),
    ]).snapshot;
    expect(saveRequest(created.context)).toEqual({
      kind: 'create',
      body: {
        slug: 'netherite-rank',
        category: 'ranks',
        price: 3499,
        active: true,
        compare_at_price: null,
        max_per_order: null,
        max_per_customer: null,
        texts: { en: { title: 'Netherite Rank', description: '' } },
      },
    });
    const changed = run(productEditorMachine, existing, [
      loaded,
      change('title:de', ''),
      change('position', ''),
    ]).snapshot;
    expect(saveRequest(changed.context)).toEqual({
      kind: 'update',
      id: 4,
      body: {
        version: 1,
        category: 'ranks',
        price: 2499,
        active: true,
        compare_at_price: null,
        max_per_order: null,
        max_per_customer: null,
        texts: { en: { title: 'Rank 4', description: 'A rank.' }, de: null },
      },
    });
    // A price before is shown as stored and sent in minor units; emptied, the sale ends (null).
    const onSale = doneEvent('loadProduct', {
      product: operatorProduct(4, { compare_at_price: 3999 }),
      categories: ['ranks'],
    });
    expect(run(productEditorMachine, existing, [onSale]).snapshot.context.values.compare_at_price).toBe(
      '39.99',
    );
    const raisedBefore = run(productEditorMachine, existing, [
      onSale,
      change('compare_at_price', '45'),
    ]).snapshot;
    expect(saveRequest(raisedBefore.context).body).toMatchObject({ compare_at_price: 4500 });
    const ended = run(productEditorMachine, existing, [onSale, change('compare_at_price', ' ')]).snapshot;
    expect(saveRequest(ended.context).body).toMatchObject({ compare_at_price: null });
    // A limit is shown as stored and sent as typed; emptied, it is removed (null).
    const limited = doneEvent('loadProduct', {
      product: operatorProduct(4, { max_per_customer: 2 }),
      categories: ['ranks'],
    });
    const raised = run(productEditorMachine, existing, [limited, change('max_per_customer', ' 3 ')]).snapshot;
    expect(saveRequest(raised.context).body).toMatchObject({ max_per_customer: 3 });
    const shown = run(productEditorMachine, existing, [limited]).snapshot;
    expect(shown.context.values.max_per_customer).toBe('2');
    const emptied = run(productEditorMachine, existing, [limited, change('max_per_customer', '')]).snapshot;
    expect(saveRequest(emptied.context).body).toMatchObject({ max_per_customer: null });
  });

  it('a 409 keeps what was typed and offers RELOAD, which loads their version', () => {
    const steps = [
      loaded,
      change('price', '30'),
      { type: 'SUBMIT' },
      errorEvent('saveProduct', staleVersion),
    ];
    const { snapshot } = run(productEditorMachine, existing, steps);
    expect(snapshot.value).toEqual({ form: 'editing', image: 'idle' });
    expect(snapshot.context.values.price).toBe('30');
    expect(snapshot.context.conflict).toBe(true);
    expect(snapshot.context.formError).toEqual(editorMessages.conflict);
    const reloading = run(productEditorMachine, existing, [...steps, { type: 'RELOAD' }]).snapshot;
    expect(reloading.value).toEqual({ form: 'loading', image: 'idle' });
    const reloaded = run(productEditorMachine, existing, [
      ...steps,
      { type: 'RELOAD' },
      doneEvent('loadProduct', { product: operatorProduct(4, { price: 2000, version: 2 }), categories: [] }),
    ]).snapshot;
    expect(reloaded.context.values.price).toBe('20.00');
    expect(reloaded.context.conflict).toBe(false);
    expect(reloaded.context.product?.version).toBe(2);
  });

  it('a saved change keeps the new version; a new product goes to its own page', () => {
    const saved = run(productEditorMachine, existing, [
      loaded,
      { type: 'SUBMIT' },
      doneEvent('saveProduct', operatorProduct(4, { version: 2 })),
    ]).snapshot;
    expect(saved.value).toEqual({ form: 'editing', image: 'idle' });
    expect(saved.context.product?.version).toBe(2);
  });

  it('an image goes with the version; a refusal shows at the image, success moves the version on', () => {
    const upload = { type: 'UPLOAD', file: new Blob(['x']) };
    expect(run(productEditorMachine, fresh, [loadedNew, upload]).snapshot.value).toEqual({
      form: 'editing',
      image: 'idle',
    });
    const refused = run(productEditorMachine, existing, [
      loaded,
      upload,
      errorEvent('uploadImage', notAnImage),
    ]).snapshot;
    expect(refused.context.imageError).toEqual(verbatim('This is not a PNG, JPEG or WebP image.'));
    const done = run(productEditorMachine, existing, [
      loaded,
      change('price', '30'),
      upload,
      doneEvent('uploadImage', operatorProduct(4, { img_url: '/api/product-images/abc', version: 2 })),
    ]).snapshot;
    expect(done.context.product?.img_url).toBe('/api/product-images/abc');
    expect(done.context.product?.version).toBe(2);
    expect(done.context.values.price).toBe('30');
  });
});
