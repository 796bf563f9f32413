import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { defineMessages } from 'react-intl';
import type { OperatorSocialLink } from '../../../machines/operator/socialLinks';
import { Button } from '../../components/Button/Button';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { Spinner } from '../../components/Spinner/Spinner';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText, useText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { SubmitButton } from '../forms/SubmitButton';
import { useFormView } from '../forms/useFormView';
import { OperatorPage } from './OperatorPage';
import { type Column, Confirmation, OperatorTable, ScreenStatus } from './parts';

const route = getRouteApi('/operator/social-links');

export const socialLinkMessages = defineMessages({
  title: { id: 'operator.social.title', defaultMessage: 'Social links' },
  intro: {
    id: 'operator.social.intro',
    defaultMessage: 'The home page links these networks, in this order.',
  },
  loading: { id: 'operator.social.loading', defaultMessage: 'Loading social links…' },
  retry: { id: 'operator.social.retry', defaultMessage: 'Try again' },
  empty: { id: 'operator.social.empty', defaultMessage: 'No social links yet' },
  add: { id: 'operator.social.add', defaultMessage: 'Add a link' },
  addTitle: { id: 'operator.social.addTitle', defaultMessage: 'New social link' },
  editTitle: { id: 'operator.social.editTitle', defaultMessage: 'Change {title}' },
  linkTitle: { id: 'operator.social.linkTitle', defaultMessage: 'Title' },
  address: { id: 'operator.social.address', defaultMessage: 'Address' },
  addressHint: { id: 'operator.social.addressHint', defaultMessage: 'An https:// address' },
  icon: { id: 'operator.social.icon', defaultMessage: 'Icon' },
  iconHint: {
    id: 'operator.social.iconHint',
    defaultMessage: 'A path on this site, like /images/social/discord.svg',
  },
  submit: { id: 'operator.social.save', defaultMessage: 'Save link' },
  pending: { id: 'operator.social.saving', defaultMessage: 'Saving…' },
  cancel: { id: 'operator.social.cancel', defaultMessage: 'Cancel' },
  actions: { id: 'operator.social.actions', defaultMessage: 'Actions' },
  edit: { id: 'operator.social.edit', defaultMessage: 'Edit' },
  editLabel: { id: 'operator.social.editLabel', defaultMessage: 'Edit {title}' },
  up: { id: 'operator.social.up', defaultMessage: 'Up' },
  upLabel: { id: 'operator.social.upLabel', defaultMessage: 'Move {title} up' },
  down: { id: 'operator.social.down', defaultMessage: 'Down' },
  downLabel: { id: 'operator.social.downLabel', defaultMessage: 'Move {title} down' },
  remove: { id: 'operator.social.remove', defaultMessage: 'Remove' },
  removeLabel: { id: 'operator.social.removeLabel', defaultMessage: 'Remove {title}' },
  confirmRemove: {
    id: 'operator.social.confirmRemove',
    defaultMessage: 'Remove {title} from the home page?',
  },
  confirm: { id: 'operator.social.confirm', defaultMessage: 'Remove it' },
  removing: { id: 'operator.social.removing', defaultMessage: 'Removing…' },
  moving: { id: 'operator.social.moving', defaultMessage: 'Saving the order…' },
});

/** /operator/social-links: the home page's social links, added, changed, reordered and removed. */
export function SocialLinksPage() {
  const say = useText();
  const text = useOptionalText();
  const { screen, form } = route.useLoaderData();
  const state = useSelector(screen, (s) => (s.matches('ready') ? 'ready' : (s.value as string)));
  const links = useSelector(screen, (s) => s.context.links);
  const error = useSelector(screen, (s) => s.context.error);
  const removing = useSelector(screen, (s) => s.context.removing);
  const sendingRemoval = useSelector(screen, (s) => s.matches({ ready: 'removing' }));
  const moving = useSelector(screen, (s) => s.matches({ ready: 'moving' }));
  const busy = useSelector(screen, (s) => !s.matches({ ready: 'idle' }));
  const actionError = useSelector(screen, (s) => s.context.actionError);
  const editing = useFormView(form, (s) => s.matches('sending'));
  const open = useSelector(form, (s) => !s.matches('closed'));
  const editedId = useSelector(form, (s) => s.context.id);
  const m = socialLinkMessages;
  const formTitleId = useId();
  const edited = links.find((link) => link.id === editedId);

  const columns: readonly Column<OperatorSocialLink>[] = [
    [
      m.linkTitle,
      (link) => (
        <span className="operator-status">
          <img src={link.img} alt="" width={20} height={20} />
          <strong>{link.title}</strong>
        </span>
      ),
    ],
    [m.address, (link) => <code>{link.link}</code>],
    [m.icon, (link) => <code>{link.img}</code>],
    [
      m.actions,
      (link) => {
        const index = links.indexOf(link);
        if (removing?.id === link.id) {
          return (
            <Confirmation
              question={say(m.confirmRemove, { title: link.title })}
              confirm={say(m.confirm)}
              cancel={say(m.cancel)}
              sending={say(m.removing)}
              pending={sendingRemoval}
              onConfirm={() => screen.send({ type: 'CONFIRM' })}
              onCancel={() => screen.send({ type: 'CANCEL' })}
            />
          );
        }
        return (
          <span className="operator-status">
            <Button
              variant="secondary"
              size="sm"
              aria-label={say(m.upLabel, { title: link.title })}
              isDisabled={busy || index === 0}
              onPress={() => screen.send({ type: 'MOVE', id: link.id, by: -1 })}
            >
              {say(m.up)}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={say(m.downLabel, { title: link.title })}
              isDisabled={busy || index === links.length - 1}
              onPress={() => screen.send({ type: 'MOVE', id: link.id, by: 1 })}
            >
              {say(m.down)}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={say(m.editLabel, { title: link.title })}
              onPress={() => form.send({ type: 'EDIT', link })}
            >
              {say(m.edit)}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={say(m.removeLabel, { title: link.title })}
              isDisabled={busy}
              onPress={() => screen.send({ type: 'REMOVE', id: link.id })}
            >
              {say(m.remove)}
            </Button>
          </span>
        );
      },
    ],
  ];

  return (
    <OperatorPage title={m.title}>
      <p className="operator-section__note">{say(m.intro)}</p>
      {!open && (
        <p className="operator-actions">
          <Button onPress={() => form.send({ type: 'ADD' })}>{say(m.add)}</Button>
        </p>
      )}
      {open && (
        <section className="operator-section" aria-labelledby={formTitleId}>
          <h2 id={formTitleId} className="operator-section__title">
            {editedId === null ? say(m.addTitle) : say(m.editTitle, { title: edited?.title ?? '' })}
          </h2>
          <AuthForm
            className="operator-form"
            {...editing.form}
            actions={
              <span className="operator-status">
                <SubmitButton pending={editing.pending} labels={m} />
                <Button variant="secondary" onPress={() => form.send({ type: 'CANCEL' })}>
                  {say(m.cancel)}
                </Button>
              </span>
            }
          >
            <TextField
              label={say(m.linkTitle)}
              autoComplete="off"
              maxLength={60}
              autoFocus
              {...editing.field('title')}
            />
            <TextField
              label={say(m.address)}
              description={say(m.addressHint)}
              type="url"
              autoComplete="off"
              maxLength={2000}
              {...editing.field('link')}
            />
            <TextField
              label={say(m.icon)}
              description={say(m.iconHint)}
              autoComplete="off"
              maxLength={300}
              {...editing.field('img')}
            />
          </AuthForm>
        </section>
      )}
      <ScreenStatus state={state} messages={m} error={error} screen={screen} />
      {actionError !== null && <ErrorText>{text(actionError)}</ErrorText>}
      {moving && (
        <p className="operator-status" role="status">
          <Spinner size="sm" decorative />
          <span>{say(m.moving)}</span>
        </p>
      )}
      {state === 'ready' && (
        <OperatorTable rows={links} rowKey={(row) => row.id} columns={columns} empty={m.empty} />
      )}
    </OperatorPage>
  );
}
