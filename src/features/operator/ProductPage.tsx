import { useLoaderData } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { defineMessages } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import {
  descriptionField,
  type productEditorMachine,
  titleField,
} from '../../../machines/operator/productEditor';
import { recordTitle } from '../../../machines/operator/versionedRecord';
import { Button } from '../../components/Button/Button';
import { Checkbox } from '../../components/Checkbox/Checkbox';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { Spinner } from '../../components/Spinner/Spinner';
import { TextField } from '../../components/TextField/TextField';
import { useFormats } from '../../i18n/useFormats';
import { useOptionalText, useText } from '../../i18n/useText';
import { useFormView } from '../forms/useFormView';
import { ProductCommands } from './ProductCommands';
import { LanguageTexts, RecordEditor } from './RecordEditor';

const messages = defineMessages({
  newTitle: { id: 'operator.product.newTitle', defaultMessage: 'New product' },
  editTitle: { id: 'operator.product.editTitle', defaultMessage: 'Product' },
  back: { id: 'operator.product.back', defaultMessage: 'All products' },
  loading: { id: 'operator.product.loading', defaultMessage: 'Loading the product…' },
  notFound: { id: 'operator.product.notFound', defaultMessage: 'There is no such product.' },
  retry: { id: 'operator.product.retry', defaultMessage: 'Try again' },
  reload: { id: 'operator.product.reload', defaultMessage: 'Reload' },
  slug: { id: 'operator.product.slug', defaultMessage: 'Name in addresses' },
  slugHint: {
    id: 'operator.product.slugHint',
    defaultMessage: 'Lowercase letters, digits and dashes, e.g. netherite-rank; it never changes',
  },
  texts: { id: 'operator.product.texts', defaultMessage: 'Title and description' },
  title: { id: 'operator.product.title', defaultMessage: 'Title ({language})' },
  description: { id: 'operator.product.description', defaultMessage: 'Description ({language})' },
  defaultLanguage: {
    id: 'operator.product.defaultLanguage',
    defaultMessage: 'Required: the shop shows it where another language has no text',
  },
  category: { id: 'operator.product.category', defaultMessage: 'Category' },
  categoryHint: {
    id: 'operator.product.categoryHint',
    defaultMessage: 'Choose one in use below or type a new one',
  },
  categoriesInUse: { id: 'operator.product.categoriesInUse', defaultMessage: 'Categories in use' },
  price: { id: 'operator.product.price', defaultMessage: 'Price in coins' },
  priceHint: { id: 'operator.product.priceHint', defaultMessage: 'For example 24.99' },
  compareAt: { id: 'operator.product.compareAt', defaultMessage: 'Price before (on sale)' },
  compareAtHint: {
    id: 'operator.product.compareAtHint',
    defaultMessage: 'Shown struck through with a Sale badge; empty when not on sale',
  },
  active: { id: 'operator.product.active', defaultMessage: 'Shown in the shop' },
  position: { id: 'operator.product.position', defaultMessage: 'Sort position' },
  positionHint: {
    id: 'operator.product.positionHint',
    defaultMessage: 'Lower comes first; empty puts a new product last',
  },
  maxPerOrder: { id: 'operator.product.maxPerOrder', defaultMessage: 'Limit per order' },
  maxPerOrderHint: {
    id: 'operator.product.maxPerOrderHint',
    defaultMessage: 'The most one order may hold; empty for no limit',
  },
  maxPerCustomer: { id: 'operator.product.maxPerCustomer', defaultMessage: 'Limit per customer' },
  maxPerCustomerHint: {
    id: 'operator.product.maxPerCustomerHint',
    defaultMessage: 'The most one customer may buy, earlier orders counted; empty for no limit',
  },
  submit: { id: 'operator.product.submit', defaultMessage: 'Save' },
  pending: { id: 'operator.product.pending', defaultMessage: 'Saving…' },
  image: { id: 'operator.product.image', defaultMessage: 'Image' },
  imageCurrent: { id: 'operator.product.imageCurrent', defaultMessage: 'The current image' },
  imageChoose: { id: 'operator.product.imageChoose', defaultMessage: 'Upload an image' },
  imageHint: {
    id: 'operator.product.imageHint',
    defaultMessage: 'PNG, JPEG or WebP, at most 1 MB; it replaces the current one at once',
  },
  imageUploading: { id: 'operator.product.imageUploading', defaultMessage: 'Uploading the image…' },
  imageAfterSave: {
    id: 'operator.product.imageAfterSave',
    defaultMessage: 'Save the product first to give it an image.',
  },
});

type ProductEditorActor = ActorRefFrom<typeof productEditorMachine>;

/**
 * /operator/products/new and /operator/products/{id}: the product's texts in every language the
 * store has, its category, price, visibility and sort position, and its image.
 */
export function ProductPage() {
  const say = useText();
  const text = useOptionalText();
  const { screen, commands } = useLoaderData({ strict: false }) as {
    screen: ProductEditorActor;
    /** Only on an existing product's page. */
    commands?: import('xstate').ActorRefFrom<
      typeof import('../../../machines/operator/productCommands').productCommandsMachine
    >;
  };
  const form = useSelector(screen, (s) => (s.value as { form: string }).form);
  const context = useSelector(screen, (s) => s.context);
  const view = useFormView(screen, (s) => s.matches({ form: 'sending' }));
  const product = context.product;
  const { locale } = useFormats();

  return (
    <RecordEditor
      messages={messages}
      back="/operator/products"
      heading={product === null ? undefined : recordTitle(product, locale)}
      isNew={context.id === null}
      state={form}
      view={view}
      screen={screen}
      beside={
        <>
          <ProductImage screen={screen} />
          {commands !== undefined && <ProductCommands commands={commands} />}
        </>
      }
    >
      {context.id === null && (
        <TextField
          label={say(messages.slug)}
          description={say(messages.slugHint)}
          autoComplete="off"
          maxLength={100}
          {...view.field('slug')}
        />
      )}
      <LanguageTexts
        messages={messages}
        languages={context.languages}
        titleField={(code) => view.field(titleField(code))}
        error={text(context.errors.texts)}
      >
        {(language) => (
          <TextField
            label={say(messages.description, { language: language.title })}
            autoComplete="off"
            maxLength={5000}
            {...view.field(descriptionField(language.code))}
          />
        )}
      </LanguageTexts>
      <TextField
        label={say(messages.category)}
        description={say(messages.categoryHint)}
        autoComplete="off"
        maxLength={40}
        {...view.field('category')}
      />
      {context.categories.length > 0 && (
        <ul className="operator-chips" aria-label={say(messages.categoriesInUse)}>
          {context.categories.map((category) => (
            <li key={category}>
              <Button
                variant="secondary"
                size="sm"
                onPress={() => screen.send({ type: 'CHANGE', field: 'category', value: category })}
              >
                {category}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <TextField
        label={say(messages.price)}
        description={say(messages.priceHint)}
        inputMode="decimal"
        autoComplete="off"
        {...view.field('price')}
      />
      <TextField
        label={say(messages.compareAt)}
        description={say(messages.compareAtHint)}
        inputMode="decimal"
        autoComplete="off"
        {...view.field('compare_at_price')}
      />
      <Checkbox {...view.toggle('active')}>{say(messages.active)}</Checkbox>
      <TextField
        label={say(messages.position)}
        description={say(messages.positionHint)}
        inputMode="numeric"
        autoComplete="off"
        {...view.field('position')}
      />
      <TextField
        label={say(messages.maxPerOrder)}
        description={say(messages.maxPerOrderHint)}
        inputMode="numeric"
        autoComplete="off"
        {...view.field('max_per_order')}
      />
      <TextField
        label={say(messages.maxPerCustomer)}
        description={say(messages.maxPerCustomerHint)}
        inputMode="numeric"
        autoComplete="off"
        {...view.field('max_per_customer')}
      />
    </RecordEditor>
  );
}

/** The product's image and its upload (a saved product only). */
function ProductImage({ screen }: { screen: ProductEditorActor }) {
  const say = useText();
  const text = useOptionalText();
  const imageInputId = useId();
  const imageHintId = useId();
  const imageErrorId = useId();
  const product = useSelector(screen, (s) => s.context.product);
  const imageError = useSelector(screen, (s) => s.context.imageError);
  const uploading = useSelector(screen, (s) => s.matches({ image: 'uploading' }));
  return (
    <section className="operator-section" aria-labelledby={`${imageInputId}-title`}>
      <h2 id={`${imageInputId}-title`} className="operator-section__title">
        {say(messages.image)}
      </h2>
      {product === null ? (
        <p>{say(messages.imageAfterSave)}</p>
      ) : (
        <>
          <img
            className="operator-image"
            src={product.img_url}
            alt={say(messages.imageCurrent)}
            width={160}
            height={160}
          />
          <label htmlFor={imageInputId} className="operator-file__label">
            {say(messages.imageChoose)}
          </label>
          <input
            id={imageInputId}
            className="operator-file"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={uploading}
            aria-describedby={imageError ? `${imageHintId} ${imageErrorId}` : imageHintId}
            aria-invalid={imageError ? true : undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file !== undefined) screen.send({ type: 'UPLOAD', file });
              event.currentTarget.value = '';
            }}
          />
          <p id={imageHintId} className="operator-section__note">
            {say(messages.imageHint)}
          </p>
          {uploading && (
            <p className="operator-status" role="status">
              <Spinner size="sm" decorative />
              <span>{say(messages.imageUploading)}</span>
            </p>
          )}
          {imageError && <ErrorText id={imageErrorId}>{text(imageError)}</ErrorText>}
        </>
      )}
    </section>
  );
}
