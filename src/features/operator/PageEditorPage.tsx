import { useLoaderData } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { defineMessages } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import {
  keepsSlug,
  pageContentField,
  type pageEditorMachine,
  pageTitleField,
} from '../../../machines/operator/pageEditor';
import { recordTitle } from '../../../machines/operator/versionedRecord';
import { Button } from '../../components/Button/Button';
import { Checkbox } from '../../components/Checkbox/Checkbox';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { Spinner } from '../../components/Spinner/Spinner';
import { TextField } from '../../components/TextField/TextField';
import { useFormats } from '../../i18n/useFormats';
import { useOptionalText, useText } from '../../i18n/useText';
import { useFormView } from '../forms/useFormView';
import { LanguageTexts, RecordEditor } from './RecordEditor';

const messages = defineMessages({
  newTitle: { id: 'operator.page.newTitle', defaultMessage: 'New page' },
  editTitle: { id: 'operator.page.editTitle', defaultMessage: 'Page' },
  back: { id: 'operator.page.back', defaultMessage: 'All pages' },
  loading: { id: 'operator.page.loading', defaultMessage: 'Loading the page…' },
  notFound: { id: 'operator.page.notFound', defaultMessage: 'There is no such page.' },
  retry: { id: 'operator.page.retry', defaultMessage: 'Try again' },
  reload: { id: 'operator.page.reload', defaultMessage: 'Reload' },
  slug: { id: 'operator.page.slug', defaultMessage: 'Address' },
  slugHint: {
    id: 'operator.page.slugHint',
    defaultMessage: 'Lowercase letters, digits and dashes: the page is at /{slug}',
  },
  slugKept: {
    id: 'operator.page.slugKept',
    defaultMessage: 'The store shows this page at /{slug}; its address stays.',
  },
  terms: { id: 'operator.page.terms', defaultMessage: 'This is the terms page (the sign-up form links it)' },
  privacy: {
    id: 'operator.page.privacy',
    defaultMessage: 'This is the privacy page (the sign-up form links it)',
  },
  flagHint: {
    id: 'operator.page.flagHint',
    defaultMessage: 'A store has one of each: ticking it here takes it from the page that has it.',
  },
  cookie: {
    id: 'operator.page.cookie',
    defaultMessage: 'The cookie banner links here: its title is the first that contains “cookie”.',
  },
  position: { id: 'operator.page.position', defaultMessage: 'Sort position' },
  positionHint: {
    id: 'operator.page.positionHint',
    defaultMessage: 'Lower comes first in the footer; empty puts a new page last',
  },
  texts: { id: 'operator.page.texts', defaultMessage: 'Title and content' },
  title: { id: 'operator.page.title', defaultMessage: 'Title ({language})' },
  content: { id: 'operator.page.content', defaultMessage: 'Content as HTML ({language})' },
  contentHint: {
    id: 'operator.page.contentHint',
    defaultMessage:
      'Headings, paragraphs, lists, links, tables; scripts and anything else are removed on saving',
  },
  defaultLanguage: {
    id: 'operator.page.defaultLanguage',
    defaultMessage: 'Required: the store shows it where another language has no text',
  },
  preview: { id: 'operator.page.preview', defaultMessage: 'Preview ({language})' },
  previewTitle: { id: 'operator.page.previewTitle', defaultMessage: 'Preview: {language}' },
  previewing: { id: 'operator.page.previewing', defaultMessage: 'Making the preview…' },
  previewNote: {
    id: 'operator.page.previewNote',
    defaultMessage: 'As customers will see it once saved: what the store does not allow is already removed.',
  },
  submit: { id: 'operator.page.submit', defaultMessage: 'Save' },
  pending: { id: 'operator.page.pending', defaultMessage: 'Saving…' },
});

type PageEditorActor = ActorRefFrom<typeof pageEditorMachine>;

/**
 * /operator/pages/new and /operator/pages/{id}: a static page's address, flags and sort position,
 * its title and HTML in every language the store has, and a preview as the store serves it.
 */
export function PageEditorPage() {
  const say = useText();
  const text = useOptionalText();
  const previewId = useId();
  const { screen } = useLoaderData({ strict: false }) as { screen: PageEditorActor };
  const previewing = useSelector(screen, (s) => s.matches({ preview: 'previewing' }));
  const form = useSelector(screen, (s) => (s.value as { form: string }).form);
  const context = useSelector(screen, (s) => s.context);
  const view = useFormView(screen, (s) => s.matches({ form: 'sending' }));
  const { locale } = useFormats();
  const page = context.page;
  const previewLanguage = context.languages.find((language) => language.code === context.preview?.code);

  return (
    <RecordEditor
      messages={messages}
      back="/operator/pages"
      heading={page === null ? undefined : recordTitle(page, locale)}
      isNew={context.id === null}
      state={form}
      view={view}
      screen={screen}
      beside={
        <section id={previewId} className="operator-section" aria-live="polite" aria-busy={previewing}>
          {previewing && (
            <p className="operator-status" role="status">
              <Spinner size="sm" decorative />
              <span>{say(messages.previewing)}</span>
            </p>
          )}
          {context.previewError && <ErrorText>{text(context.previewError)}</ErrorText>}
          {context.preview && previewLanguage && (
            <>
              <h2 className="operator-section__title">
                {say(messages.previewTitle, { language: previewLanguage.title })}
              </h2>
              <p className="operator-section__note">{say(messages.previewNote)}</p>
              <div className="operator-preview static-page" lang={previewLanguage.code}>
                <p className="operator-preview__title">
                  {(view.values[pageTitleField(previewLanguage.code)] ?? '').trim()}
                </p>
                {/* The server's answer, sanitized by the store's one rule (server/catalogue/page-html.ts). */}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the page's HTML is what is previewed */}
                <div className="prose" dangerouslySetInnerHTML={{ __html: context.preview.content }} />
              </div>
            </>
          )}
        </section>
      }
    >
      {keepsSlug(page) ? (
        <p className="operator-section__note">{say(messages.slugKept, { slug: page?.slug ?? '' })}</p>
      ) : (
        <TextField
          label={say(messages.slug)}
          description={say(messages.slugHint, { slug: view.values.slug || 'refunds' })}
          autoComplete="off"
          maxLength={100}
          {...view.field('slug')}
        />
      )}
      <div className="operator-language">
        <Checkbox {...view.toggle('terms')}>{say(messages.terms)}</Checkbox>
        <Checkbox {...view.toggle('privacy')}>{say(messages.privacy)}</Checkbox>
        <p className="operator-section__note">{say(messages.flagHint)}</p>
        {page?.is_cookie && <p className="operator-section__note">{say(messages.cookie)}</p>}
      </div>
      <TextField
        label={say(messages.position)}
        description={say(messages.positionHint)}
        inputMode="numeric"
        autoComplete="off"
        {...view.field('position')}
      />
      <LanguageTexts
        messages={messages}
        languages={context.languages}
        titleField={(code) => view.field(pageTitleField(code))}
      >
        {(language) => (
          <>
            <TextField
              label={say(messages.content, { language: language.title })}
              description={say(messages.contentHint)}
              rows={8}
              maxLength={100000}
              spellCheck="false"
              {...view.field(pageContentField(language.code))}
            />
            <p>
              <Button
                variant="secondary"
                size="sm"
                isDisabled={previewing}
                aria-controls={previewId}
                onPress={() => screen.send({ type: 'PREVIEW', code: language.code })}
              >
                {say(messages.preview, { language: language.title })}
              </Button>
            </p>
          </>
        )}
      </LanguageTexts>
    </RecordEditor>
  );
}
