import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { defineMessages } from 'react-intl';
import type { GameServerEntry } from '../../../machines/operator/gameServers';
import { Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText, useText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { SubmitButton } from '../forms/SubmitButton';
import { useFormView } from '../forms/useFormView';
import { OperatorPage } from './OperatorPage';
import { Confirmation, ScreenStatus } from './parts';
import { useMoment } from './records';

const route = getRouteApi('/operator/game-servers');

export const gameServerMessages = defineMessages({
  title: { id: 'operator.servers.title', defaultMessage: 'Game servers' },
  intro: {
    id: 'operator.servers.intro',
    defaultMessage:
      "Each game server's store agent delivers what customers buy; it signs in with the server's secret.",
  },
  loading: { id: 'operator.servers.loading', defaultMessage: 'Loading game servers…' },
  empty: { id: 'operator.servers.empty', defaultMessage: 'No game servers yet' },
  retry: { id: 'operator.servers.retry', defaultMessage: 'Try again' },
  addTitle: { id: 'operator.servers.addTitle', defaultMessage: 'Add a game server' },
  name: { id: 'operator.servers.name', defaultMessage: 'Name' },
  nameHint: { id: 'operator.servers.nameHint', defaultMessage: 'For example survival or creative-1' },
  submit: { id: 'operator.servers.add', defaultMessage: 'Add game server' },
  pending: { id: 'operator.servers.adding', defaultMessage: 'Adding…' },
  server: { id: 'operator.servers.server', defaultMessage: 'Game server' },
  added: { id: 'operator.servers.added', defaultMessage: 'Added' },
  rotated: { id: 'operator.servers.rotated', defaultMessage: 'Secret since' },
  actions: { id: 'operator.servers.actions', defaultMessage: 'Actions' },
  rename: { id: 'operator.servers.rename', defaultMessage: 'Rename' },
  renameLabel: { id: 'operator.servers.renameLabel', defaultMessage: 'New name of {name}' },
  save: { id: 'operator.servers.save', defaultMessage: 'Save name' },
  saving: { id: 'operator.servers.saving', defaultMessage: 'Saving…' },
  cancel: { id: 'operator.servers.cancel', defaultMessage: 'Cancel' },
  rotate: { id: 'operator.servers.rotate', defaultMessage: 'New secret' },
  rotateLabel: { id: 'operator.servers.rotateLabel', defaultMessage: 'New secret for {name}' },
  confirmRotate: {
    id: 'operator.servers.confirmRotate',
    defaultMessage:
      "Give {name} a new secret? The old one stops working at once: the server's agent needs the new one.",
  },
  confirm: { id: 'operator.servers.confirm', defaultMessage: 'Give it a new secret' },
  rotating: { id: 'operator.servers.rotating', defaultMessage: 'Changing the secret…' },
  secretTitle: { id: 'operator.servers.secretTitle', defaultMessage: 'The secret of {name}' },
  secretOnce: {
    id: 'operator.servers.secretOnce',
    defaultMessage:
      'Store it now, it is not shown again. Give it to the store agent of {name} as BLOCKFRONT_SECRET.',
  },
  copy: { id: 'operator.servers.copy', defaultMessage: 'Copy secret' },
  dismiss: { id: 'operator.servers.dismiss', defaultMessage: 'I have stored it' },
});

/**
 * /operator/game-servers: the network's game servers by name, the form that adds one, renaming one
 * in its row, and a new secret after a confirmation. A new server's or a new secret is shown once.
 */
export function GameServersPage() {
  const say = useText();
  const text = useOptionalText();
  const moment = useMoment();
  const { screen, add, rename } = route.useLoaderData();
  const state = useSelector(screen, (s) => (s.matches('ready') ? 'ready' : (s.value as string)));
  const servers = useSelector(screen, (s) => s.context.servers);
  const error = useSelector(screen, (s) => s.context.error);
  const secret = useSelector(screen, (s) => s.context.secret);
  const rotating = useSelector(screen, (s) => s.context.rotating);
  const sendingRotation = useSelector(screen, (s) => s.matches({ ready: 'rotating' }));
  const rotateError = useSelector(screen, (s) => s.context.rotateError);
  const adding = useFormView(add, (s) => s.matches('sending'));
  const renaming = useFormView(rename, (s) => s.matches('sending'));
  const renamingId = useSelector(rename, (s) => (s.matches('closed') ? null : s.context.id));
  const m = gameServerMessages;

  return (
    <OperatorPage title={m.title}>
      <p>{say(m.intro)}</p>
      {secret !== null && (
        <SecretPanel
          name={secret.name}
          secret={secret.secret}
          onCopy={() => screen.send({ type: 'COPY' })}
          onDismiss={() => screen.send({ type: 'DISMISS' })}
        />
      )}
      <section className="operator-section" aria-labelledby="game-server-add">
        <h2 id="game-server-add" className="operator-section__title">
          {say(m.addTitle)}
        </h2>
        <AuthForm
          className="operator-form"
          {...adding.form}
          actions={<SubmitButton pending={adding.pending} labels={m} />}
        >
          <TextField
            label={say(m.name)}
            description={say(m.nameHint)}
            autoComplete="off"
            maxLength={40}
            {...adding.field('name')}
          />
        </AuthForm>
      </section>
      <ScreenStatus state={state} messages={m} error={error} screen={screen} />
      {state === 'ready' && servers.length === 0 && <EmptyState headingLevel={2} title={say(m.empty)} />}
      {rotateError !== null && <ErrorText>{text(rotateError)}</ErrorText>}
      {state === 'ready' && servers.length > 0 && (
        <table className="operator-table">
          <thead>
            <tr>
              <th scope="col">{say(m.server)}</th>
              <th scope="col">{say(m.added)}</th>
              <th scope="col">{say(m.rotated)}</th>
              <th scope="col">{say(m.actions)}</th>
            </tr>
          </thead>
          <tbody>
            {servers.map((server: GameServerEntry) => (
              <tr key={server.id}>
                <td data-label={say(m.server)}>
                  {renamingId === server.id ? (
                    <AuthForm
                      className="operator-form operator-form--inline"
                      {...renaming.form}
                      actions={
                        <span className="operator-status">
                          <SubmitButton
                            pending={renaming.pending}
                            labels={{ submit: m.save, pending: m.saving }}
                            size="sm"
                          />
                          <Button
                            variant="secondary"
                            size="sm"
                            onPress={() => rename.send({ type: 'CANCEL' })}
                          >
                            {say(m.cancel)}
                          </Button>
                        </span>
                      }
                    >
                      <TextField
                        label={say(m.renameLabel, { name: server.name })}
                        autoComplete="off"
                        maxLength={40}
                        autoFocus
                        {...renaming.field('name')}
                      />
                    </AuthForm>
                  ) : (
                    <strong>{server.name}</strong>
                  )}
                </td>
                <td data-label={say(m.added)}>
                  <time dateTime={server.created_at}>{moment(server.created_at)}</time>
                </td>
                <td data-label={say(m.rotated)}>
                  <time dateTime={server.secret_rotated_at}>{moment(server.secret_rotated_at)}</time>
                </td>
                <td data-label={say(m.actions)}>
                  {rotating?.id === server.id ? (
                    <ConfirmRotation
                      name={server.name}
                      pending={sendingRotation}
                      onConfirm={() => screen.send({ type: 'CONFIRM' })}
                      onCancel={() => screen.send({ type: 'CANCEL' })}
                    />
                  ) : (
                    <span className="operator-status">
                      {renamingId !== server.id && (
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`${say(m.rename)}: ${server.name}`}
                          onPress={() => rename.send({ type: 'EDIT', id: server.id, name: server.name })}
                        >
                          {say(m.rename)}
                        </Button>
                      )}
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={say(m.rotateLabel, { name: server.name })}
                        isDisabled={rotating !== null}
                        onPress={() => screen.send({ type: 'ROTATE', id: server.id })}
                      >
                        {say(m.rotate)}
                      </Button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </OperatorPage>
  );
}

function ConfirmRotation({
  name,
  pending,
  onConfirm,
  onCancel,
}: {
  name: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const say = useText();
  const m = gameServerMessages;
  return (
    <Confirmation
      question={say(m.confirmRotate, { name })}
      confirm={say(m.confirm)}
      cancel={say(m.cancel)}
      sending={say(m.rotating)}
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/** A secret, shown once: focus moves to it so that a screen reader reads the warning first. */
function SecretPanel({
  name,
  secret,
  onCopy,
  onDismiss,
}: {
  name: string;
  secret: string;
  onCopy: () => void;
  onDismiss: () => void;
}) {
  const say = useText();
  const m = gameServerMessages;
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new secret takes the focus
  useEffect(() => {
    heading.current?.focus();
  }, [secret]);
  return (
    <section className="operator-section operator-secret" aria-labelledby="game-server-secret">
      <h2 id="game-server-secret" ref={heading} tabIndex={-1} className="operator-section__title">
        {say(m.secretTitle, { name })}
      </h2>
      <p>
        <strong>{say(m.secretOnce, { name })}</strong>
      </p>
      <p>
        <code className="operator-secret__value">{secret}</code>
      </p>
      <span className="operator-status">
        <Button size="sm" onPress={onCopy}>
          {say(m.copy)}
        </Button>
        <Button variant="secondary" size="sm" onPress={onDismiss}>
          {say(m.dismiss)}
        </Button>
      </span>
    </section>
  );
}
