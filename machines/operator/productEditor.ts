import { type AnyEventObject, assign, emit } from 'xstate';
import { isApiFailure } from '../../domain/api-failure';
import { isProductLimit, MAX_PRODUCT_LIMIT } from '../../domain/cart';
import type { components } from '../../domain/contract';
import { COIN_DECIMALS, priceProblem } from '../../domain/money';
import { parseAmount, toDecimalString } from '../../domain/money-text';
import { type FormContext, type FormEvent, formMachine, notProvided } from '../forms/formMachine';
import { filled, type Rule } from '../forms/rules';
import { defineMessages, failureText, type Text, verbatim } from '../text';
import { toast } from '../toasts';
import type { OperatorProduct } from './products';
import { type EditorLanguage, versionedRecord } from './versionedRecord';

export const editorMessages = defineMessages({
  slugRequired: {
    id: 'operator.product.slugRequired',
    defaultMessage: 'Give the product a name for addresses',
  },
  slugFormat: {
    id: 'operator.product.slugFormat',
    defaultMessage: 'Use lowercase letters, digits and single dashes (at most 100 characters)',
  },
  categoryRequired: { id: 'operator.product.categoryRequired', defaultMessage: 'Choose or type a category' },
  categoryFormat: {
    id: 'operator.product.categoryFormat',
    defaultMessage: 'Use lowercase letters, digits and single dashes (at most 40 characters)',
  },
  priceRequired: { id: 'operator.product.priceRequired', defaultMessage: 'Enter a price in coins' },
  priceFormat: {
    id: 'operator.product.priceFormat',
    defaultMessage: 'Enter a price greater than 0, with at most 2 decimals',
  },
  priceTooLarge: {
    id: 'operator.product.priceTooLarge',
    defaultMessage: 'A price is at most 10,000,000,000.00 coins',
  },
  compareAtFormat: {
    id: 'operator.product.compareAtFormat',
    defaultMessage: 'Enter a price above the price, with at most 2 decimals, or leave it empty',
  },
  positionFormat: {
    id: 'operator.product.positionFormat',
    defaultMessage: 'Enter a whole number from 0 to 1,000,000, or leave it empty',
  },
  limitFormat: {
    id: 'operator.product.limitFormat',
    defaultMessage: 'Enter a whole number from 1 to {max, number}, or leave it empty for no limit',
    values: { max: MAX_PRODUCT_LIMIT },
  },
  titleRequired: {
    id: 'operator.product.titleRequired',
    defaultMessage: 'The default language needs a title',
  },
  titleForDescription: {
    id: 'operator.product.titleForDescription',
    defaultMessage: 'Give this language a title too, or empty its description',
  },
  loadFailed: { id: 'operator.product.loadFailed', defaultMessage: 'The product could not be loaded.' },
  failed: { id: 'operator.product.failed', defaultMessage: 'The product could not be saved.' },
  conflict: {
    id: 'operator.product.conflict',
    defaultMessage:
      'Someone else changed this product meanwhile. What you typed is still here: reload to see their version, then make your change again.',
  },
  saved: { id: 'operator.product.saved', defaultMessage: 'The product was saved.' },
  imageFailed: { id: 'operator.product.imageFailed', defaultMessage: 'The image could not be uploaded.' },
  imageSaved: { id: 'operator.product.imageSaved', defaultMessage: 'The image was saved.' },
});

export interface EditorInput {
  /** The product's id; null for a new one. */
  id: number | null;
  languages: EditorLanguage[];
}

/**
 * The form's values, all text as typed: `slug`, `category`, `price` (coins), `active` ('yes' or
 * 'no'), `position`, `max_per_order` and `max_per_customer` (empty: none), and per language `title:<code>` and `description:<code>`.
 */
export type EditorValues = Record<string, string>;

/** What the editor loads before it shows: the product (null for a new one) and the categories in use. */
export interface EditorLoad {
  product: OperatorProduct | null;
  categories: string[];
}

export type ProductCreate = components['schemas']['ProductCreateRequest'];
export type ProductChange = components['schemas']['ProductChangeRequest'];

/** The save: a new product (POST /operator/products) or a change of one (PATCH, with its version). */
export type SaveRequest =
  | { kind: 'create'; body: ProductCreate }
  | { kind: 'update'; id: number; body: ProductChange };

export interface ImageRequest {
  id: number;
  version: number;
  file: Blob;
}

export interface EditorContext extends FormContext<EditorValues, string>, EditorInput {
  product: OperatorProduct | null;
  categories: string[];
  loadError: Text | null;
  /** A save met a newer version (409): what was typed stays, and RELOAD offers theirs. */
  conflict: boolean;
  imageError: Text | null;
}

export type EditorEvent =
  | FormEvent<string>
  | { type: 'RETRY' }
  | { type: 'RELOAD' }
  | { type: 'UPLOAD'; file: Blob };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const POSITION = /^\d{1,7}$/;
const POSITION_MAX = 1_000_000;

export const titleField = (code: string) => `title:${code}`;
export const descriptionField = (code: string) => `description:${code}`;

/** The values a product shows in the form (a new product: empty, hidden, after the last one). */
export function valuesOf(
  product: OperatorProduct | null,
  languages: readonly EditorLanguage[],
): EditorValues {
  const values: EditorValues = {
    slug: product?.slug ?? '',
    category: product?.category ?? '',
    price: product === null ? '' : toDecimalString(product.price, COIN_DECIMALS),
    compare_at_price:
      product?.compare_at_price == null ? '' : toDecimalString(product.compare_at_price, COIN_DECIMALS),
    active: product?.active ? 'yes' : 'no',
    position: product === null ? '' : String(product.position),
    max_per_order: product?.max_per_order == null ? '' : String(product.max_per_order),
    max_per_customer: product?.max_per_customer == null ? '' : String(product.max_per_customer),
  };
  for (const { code } of languages) {
    values[titleField(code)] = product?.texts[code]?.title ?? '';
    values[descriptionField(code)] = product?.texts[code]?.description ?? '';
  }
  return values;
}

const priceOf = (values: EditorValues) => parseAmount(values.price ?? '', COIN_DECIMALS);

/** The price before typed: null when empty (not on sale), undefined when it is not a price above the price. */
function compareAtOf(values: EditorValues): number | null | undefined {
  const text = (values.compare_at_price ?? '').trim();
  if (text === '') return null;
  const before = parseAmount(text, COIN_DECIMALS);
  const price = priceOf(values);
  return before !== null && priceProblem(before) === null && (price === null || before > price)
    ? before
    : undefined;
}

type LimitField = 'max_per_order' | 'max_per_customer';
const LIMIT_FIELDS: readonly LimitField[] = ['max_per_order', 'max_per_customer'];

/** A limit typed: null when empty (no limit), undefined when it is not one. */
function limitOf(values: EditorValues, field: LimitField): number | null | undefined {
  const text = (values[field] ?? '').trim();
  if (text === '') return null;
  return /^\d+$/.test(text) && isProductLimit(Number(text)) ? Number(text) : undefined;
}

export function editorRules(context: EditorInput): Rule<EditorValues, string>[] {
  const isNew = context.id === null;
  const byDefaultFirst = [...context.languages].sort((a, b) => Number(b.default) - Number(a.default));
  return [
    ...(isNew
      ? [
          {
            field: 'slug',
            message: editorMessages.slugRequired,
            valid: (v: EditorValues) => filled(v.slug ?? ''),
          },
          {
            field: 'slug',
            message: editorMessages.slugFormat,
            valid: (v: EditorValues) =>
              SLUG.test((v.slug ?? '').trim()) && (v.slug ?? '').trim().length <= 100,
          },
        ]
      : []),
    ...byDefaultFirst.flatMap((language) => [
      ...(language.default
        ? [
            {
              field: titleField(language.code),
              message: editorMessages.titleRequired,
              valid: (v: EditorValues) => filled(v[titleField(language.code)] ?? ''),
            },
          ]
        : []),
      {
        field: titleField(language.code),
        message: editorMessages.titleForDescription,
        valid: (v: EditorValues) =>
          filled(v[titleField(language.code)] ?? '') || !filled(v[descriptionField(language.code)] ?? ''),
      },
    ]),
    { field: 'category', message: editorMessages.categoryRequired, valid: (v) => filled(v.category ?? '') },
    {
      field: 'category',
      message: editorMessages.categoryFormat,
      valid: (v) => SLUG.test((v.category ?? '').trim()) && (v.category ?? '').trim().length <= 40,
    },
    { field: 'price', message: editorMessages.priceRequired, valid: (v) => filled(v.price ?? '') },
    { field: 'price', message: editorMessages.priceFormat, valid: (v) => priceOf(v) !== null },
    {
      field: 'price',
      message: editorMessages.priceTooLarge,
      valid: (v) => priceProblem(priceOf(v) ?? 1) !== 'tooLarge',
    },
    {
      field: 'compare_at_price',
      message: editorMessages.compareAtFormat,
      valid: (v) => compareAtOf(v) !== undefined,
    },
    {
      field: 'position',
      message: editorMessages.positionFormat,
      valid: (v) => {
        const text = (v.position ?? '').trim();
        return text === '' || (POSITION.test(text) && Number(text) <= POSITION_MAX);
      },
    },
    ...LIMIT_FIELDS.map((field) => ({
      field,
      message: editorMessages.limitFormat,
      valid: (v: EditorValues) => limitOf(v, field) !== undefined,
    })),
  ];
}

/** The texts the form holds, by language; a language left empty is null where it had a text (removed). */
function textsOf(context: EditorContext) {
  const texts: Record<string, { title: string; description: string } | null> = {};
  for (const { code } of context.languages) {
    const title = (context.values[titleField(code)] ?? '').trim();
    const description = (context.values[descriptionField(code)] ?? '').trim();
    if (title !== '') texts[code] = { title, description };
    else if (context.product?.texts[code] !== undefined) texts[code] = null;
  }
  return texts;
}

export function saveRequest(context: EditorContext): SaveRequest {
  const { values } = context;
  const position = (values.position ?? '').trim();
  const common = {
    category: (values.category ?? '').trim(),
    price: priceOf(values) ?? 0,
    compare_at_price: compareAtOf(values) ?? null,
    active: values.active === 'yes',
    ...(position === '' ? {} : { position: Number(position) }),
    max_per_order: limitOf(values, 'max_per_order') ?? null,
    max_per_customer: limitOf(values, 'max_per_customer') ?? null,
  };
  const texts = textsOf(context);
  if (context.product === null) {
    const kept = Object.fromEntries(
      Object.entries(texts).filter(
        (entry): entry is [string, { title: string; description: string }] => entry[1] !== null,
      ),
    );
    return { kind: 'create', body: { slug: (values.slug ?? '').trim(), ...common, texts: kept } };
  }
  return {
    kind: 'update',
    id: context.product.id,
    body: { version: context.product.version, ...common, texts },
  };
}

/** Where the server's field errors land: the fields by their names, a text's at its language's title. */
const SERVER_FIELDS: Record<string, string> = {
  slug: 'slug',
  category: 'category',
  price: 'price',
  compare_at_price: 'compare_at_price',
  position: 'position',
  max_per_order: 'max_per_order',
  max_per_customer: 'max_per_customer',
  active: 'active',
  texts: 'texts',
};

const record = versionedRecord<EditorContext>({
  load: { src: 'loadProduct', input: (context) => ({ id: context.id }) },
  record: (context) => context.product,
  editingTarget: '#productEditor.form.editing',
  messages: { loadFailed: editorMessages.loadFailed, conflict: editorMessages.conflict },
  clearOnLoad: { imageError: null },
});

/** An upload's refusal as the image field shows it: its field error (422), else its message (413…). */
function imageErrorOf(error: unknown): Text {
  const fieldError = isApiFailure(error) ? error.fieldErrors?.file?.[0] : undefined;
  return fieldError === undefined ? failureText(error, editorMessages.imageFailed) : verbatim(fieldError);
}

export const productEditorMachine = formMachine({
  types: {
    events: {} as EditorEvent,
    input: {} as EditorInput,
    emitted: {} as { type: 'navigate'; to: string },
  },
  id: 'productEditor',
  description: [
    "The operator's product page (/operator/products/new, /operator/products/{id}). It loads the product (none for",
    'a new one) and the categories in use (loading); a 404 is notFound, another failure shows its message or',
    "'The product could not be loaded.' with RETRY. CHANGE edits the title and description of each language the",
    'store has, the category (one in use or a new one), the price in coins and the price before (a sale; empty:',
    'none), shown or hidden, the sort position',
    "and, for a new product, its slug; SUBMIT checks the slug, the default language's title, a title for each",
    'description, the category, the price (domain/money.ts priceProblem), the price before (above the price), the',
    'position and the limits per order',
    'and per customer (domain/cart.ts isProductLimit; empty for none), then sends POST',
    '/operator/products or PATCH /operator/products/{id} with its version. Success keeps the product as saved',
    "and toasts 'The product was saved.'; a new product then goes to its own page. A 409 (someone saved it",
    'meanwhile) keeps what was typed, says so, and RELOAD loads their version; other refusals show their field',
    "errors at their fields or one message. UPLOAD (image region) sends a saved product's image with its version:",
    "success shows it and moves the version on; a refusal (not an image, larger than 1 MB) shows the server's",
    'message at the image. A cancelled call shows nothing.',
  ].join(' '),
  context: (input: EditorInput) => ({
    id: input.id,
    languages: input.languages,
    values: valuesOf(null, input.languages),
    product: null as OperatorProduct | null,
    categories: [] as string[],
    loadError: null as Text | null,
    conflict: false,
    imageError: null as Text | null,
  }),
  rules: (context) => editorRules(context),
  fieldsFromServer: SERVER_FIELDS,
  failureMessage: editorMessages.failed,
  request: { id: 'saveProduct', input: (context) => saveRequest(context as EditorContext) },
  initial: 'loading',
  onDone: [
    { guard: 'wasNew', target: 'saved', actions: ['keepSaved', 'announceSaved', 'showSavedProduct'] },
    { target: 'editing', actions: ['keepSaved', 'announceSaved'] },
  ],
  onError: record.onError,
  states: record.states,
  changeWhileEditing: true,
  regions: {
    image: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            UPLOAD: {
              guard: 'hasProduct',
              target: 'uploading',
              actions: assign({ imageError: null }),
            },
          },
        },
        uploading: {
          invoke: {
            id: 'uploadImage',
            src: 'uploadImage',
            input: ({ context, event }: { context: EditorContext; event: { file: Blob } }): ImageRequest => ({
              id: context.product?.id ?? 0,
              version: context.product?.version ?? 1,
              file: event.file,
            }),
            onDone: { target: 'idle', actions: ['keepImage', 'announceImage'] },
            onError: [
              { guard: 'silent', target: 'idle' },
              {
                target: 'idle',
                actions: assign({
                  imageError: ({ event }: { event: { error: unknown } }) => imageErrorOf(event.error),
                }),
              },
            ],
          },
        },
      },
    },
  },
  actors: { loadProduct: notProvided('loadProduct'), uploadImage: notProvided('uploadImage') },
  guards: {
    ...record.guards,
    hasProduct: ({ context }: { context: EditorContext }) => context.product !== null,
  },
  actions: {
    showLoaded: assign(({ context, event }: { context: EditorContext; event: AnyEventObject }) => {
      const loaded = event.output as EditorLoad;
      return {
        product: loaded.product,
        categories: loaded.categories,
        values: valuesOf(loaded.product, context.languages),
      };
    }),
    keepSaved: assign(({ event }: { event: { output: OperatorProduct } }) => ({
      product: event.output,
      conflict: false,
    })),
    ...record.actions,
    announceSaved: toast('success', editorMessages.saved),
    showSavedProduct: emit(({ event }: { event: AnyEventObject }) => ({
      type: 'navigate' as const,
      to: `/operator/products/${(event.output as OperatorProduct).id}`,
    })),
    keepImage: assign(({ context, event }: { context: EditorContext; event: AnyEventObject }) => {
      const saved = event.output as OperatorProduct;
      // Only the image and the version: what is typed and not saved stays as it is.
      return {
        product:
          context.product === null
            ? saved
            : { ...context.product, img_url: saved.img_url, version: saved.version },
      };
    }),
    announceImage: toast('success', editorMessages.imageSaved),
  },
});
