import { Link, type LinkProps } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { MessageDescriptor } from 'react-intl';
import type { ActorRef, Snapshot } from 'xstate';
import type { EditorLanguage } from '../../../machines/operator/versionedRecord';
import type { Text } from '../../../machines/text';
import { Button } from '../../components/Button/Button';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { TextField } from '../../components/TextField/TextField';
import { useText } from '../../i18n/useText';
import { AuthForm, type AuthFormProps } from '../forms/AuthForm';
import { SubmitButton } from '../forms/SubmitButton';
import type { FieldBinding } from '../forms/useFormView';
import { OperatorPage } from './OperatorPage';
import { ScreenStatus } from './parts';

type Descriptor = MessageDescriptor & { id: string };

/** An editor machine of machines/operator/versionedRecord.ts, as this part uses it. */
type EditorActor = ActorRef<
  Snapshot<unknown> & {
    hasTag(tag: string): boolean;
    context: { loadError: Text | null; conflict: boolean };
  },
  { type: 'RETRY' } | { type: 'RELOAD' }
>;

/**
 * A versioned record's editor (a product, a page, a currency): the way back to its list, the
 * load's status line, and once the record is there (the machine's `record` tag) its form with
 * Save and, after a 409 (another operator saved meanwhile), Reload. `beside` goes after the form.
 */
export function RecordEditor({
  messages,
  back,
  heading,
  isNew,
  state,
  view,
  screen,
  beside,
  children,
}: {
  messages: Record<
    'newTitle' | 'editTitle' | 'back' | 'loading' | 'retry' | 'notFound' | 'reload' | 'submit' | 'pending',
    Descriptor
  >;
  back: LinkProps['to'];
  heading: string | undefined;
  isNew: boolean;
  /** The machine's state for the status line (`loading`, `loadFailed`, `notFound`, …). */
  state: unknown;
  /** What `useFormView` gives the form: its `form` props and whether it is saving. */
  view: { form: Pick<AuthFormProps, 'onSubmit' | 'formError' | 'errorsKey'>; pending: boolean };
  screen: EditorActor;
  beside?: ReactNode;
  children: ReactNode;
}) {
  const say = useText();
  const showsRecord = useSelector(screen, (s) => s.hasTag('record'));
  const loadError = useSelector(screen, (s) => s.context.loadError);
  const conflict = useSelector(screen, (s) => s.context.conflict);
  const editor = (
    <AuthForm
      className="operator-form"
      {...view.form}
      actions={
        <>
          <SubmitButton pending={view.pending} labels={messages} />
          {conflict && (
            <Button variant="secondary" onPress={() => screen.send({ type: 'RELOAD' })}>
              {say(messages.reload)}
            </Button>
          )}
        </>
      }
    >
      {children}
    </AuthForm>
  );
  return (
    <OperatorPage title={isNew ? messages.newTitle : messages.editTitle} heading={heading}>
      <p className="operator-back">
        <Link to={back}>{say(messages.back)}</Link>
      </p>
      <ScreenStatus state={state} messages={messages} error={loadError} screen={screen} />
      {showsRecord &&
        (beside === undefined ? (
          editor
        ) : (
          <div className="operator-product">
            {editor}
            {beside}
          </div>
        ))}
    </OperatorPage>
  );
}

/**
 * A record's texts, one group per language the store has (marked with its `lang`): the title,
 * noted as required in the default language, then what `children` adds for that language.
 */
export function LanguageTexts({
  messages,
  languages,
  titleField,
  error,
  children,
}: {
  messages: Record<'texts' | 'title' | 'defaultLanguage', Descriptor>;
  languages: readonly EditorLanguage[];
  titleField: (code: string) => FieldBinding;
  /** A message about the texts as a whole. */
  error?: string | undefined;
  children: (language: EditorLanguage) => ReactNode;
}) {
  const say = useText();
  return (
    <fieldset className="operator-fieldset">
      <legend>{say(messages.texts)}</legend>
      {error && <ErrorText>{error}</ErrorText>}
      {languages.map((language) => (
        <div key={language.code} className="operator-language" lang={language.code}>
          <TextField
            label={say(messages.title, { language: language.title })}
            {...(language.default ? { description: say(messages.defaultLanguage) } : {})}
            autoComplete="off"
            maxLength={200}
            {...titleField(language.code)}
          />
          {children(language)}
        </div>
      ))}
    </fieldset>
  );
}
