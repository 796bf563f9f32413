import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { defineMessages } from 'react-intl';
import {
  canSettle,
  DELIVERY_NOTE_MAX_LENGTH,
  DELIVERY_STATES,
  type Delivery,
} from '../../../machines/operator/deliveries';
import { Button } from '../../components/Button/Button';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText, useText } from '../../i18n/useText';
import { AuthForm } from '../forms/AuthForm';
import { SubmitButton } from '../forms/SubmitButton';
import { useFormView } from '../forms/useFormView';
import { ChoiceField } from './fields';
import { OperatorPage } from './OperatorPage';
import { Confirmation, SearchForm, SearchResults, useSearchDraft } from './parts';
import { deliveryStateMessages, recordMessages, useMoment } from './records';

const route = getRouteApi('/operator/deliveries');

export const deliveriesPageMessages = defineMessages({
  title: { id: 'operator.deliveries.title', defaultMessage: 'Deliveries' },
  state: { id: 'operator.deliveries.state', defaultMessage: 'State' },
  anyState: { id: 'operator.deliveries.anyState', defaultMessage: 'Any state' },
  gameServer: { id: 'operator.deliveries.gameServer', defaultMessage: 'Game server' },
  anyServer: { id: 'operator.deliveries.anyServer', defaultMessage: 'Any game server' },
  unknownServer: { id: 'operator.deliveries.unknownServer', defaultMessage: 'Game server #{id}' },
  orderId: { id: 'operator.deliveries.orderId', defaultMessage: 'Order number' },
  player: { id: 'operator.deliveries.player', defaultMessage: 'Player' },
  playerHint: { id: 'operator.deliveries.playerHint', defaultMessage: 'The whole name, in any case' },
  searchButton: { id: 'operator.deliveries.searchButton', defaultMessage: 'Filter' },
  loading: { id: 'operator.deliveries.loading', defaultMessage: 'Loading deliveries…' },
  empty: { id: 'operator.deliveries.empty', defaultMessage: 'No deliveries match' },
  emptyAll: { id: 'operator.deliveries.emptyAll', defaultMessage: 'Nothing has been delivered yet' },
  retry: { id: 'operator.deliveries.retry', defaultMessage: 'Try again' },
  more: { id: 'operator.deliveries.more', defaultMessage: 'Show older deliveries' },
  order: { id: 'operator.deliveries.order', defaultMessage: 'Order' },
  command: { id: 'operator.deliveries.command', defaultMessage: 'Command' },
  attempt: { id: 'operator.deliveries.attempt', defaultMessage: 'Attempt {attempt}' },
  created: { id: 'operator.deliveries.created', defaultMessage: 'Created' },
  finished: { id: 'operator.deliveries.finished', defaultMessage: 'Finished' },
  reply: { id: 'operator.deliveries.reply', defaultMessage: 'Last reply' },
  noteLine: { id: 'operator.deliveries.noteLine', defaultMessage: 'Note: {note}' },
  actions: { id: 'operator.deliveries.actions', defaultMessage: 'Actions' },
  requeue: { id: 'operator.deliveries.requeue', defaultMessage: 'Requeue' },
  requeueLabel: { id: 'operator.deliveries.requeueLabel', defaultMessage: 'Requeue delivery #{id}' },
  resolve: { id: 'operator.deliveries.resolve', defaultMessage: 'Resolve' },
  resolveLabel: { id: 'operator.deliveries.resolveLabel', defaultMessage: 'Resolve delivery #{id}' },
  requeueIntro: {
    id: 'operator.deliveries.requeueIntro',
    defaultMessage: 'The store agent of {server} runs “{command}” for {player} again, as a new attempt.',
  },
  resolveIntro: {
    id: 'operator.deliveries.resolveIntro',
    defaultMessage:
      'Look in game on {server} whether “{command}” took effect for {player}, then say so here.',
  },
  outcome: { id: 'operator.deliveries.outcome', defaultMessage: 'What became of it in game' },
  outcomeDone: { id: 'operator.deliveries.outcomeDone', defaultMessage: 'It took effect (delivered)' },
  outcomeFailed: {
    id: 'operator.deliveries.outcomeFailed',
    defaultMessage: 'It did not and will not (failed)',
  },
  note: { id: 'operator.deliveries.note', defaultMessage: 'Note' },
  noteOptional: { id: 'operator.deliveries.noteOptional', defaultMessage: 'Note (optional)' },
  noteHint: {
    id: 'operator.deliveries.noteHint',
    defaultMessage: 'Kept with the delivery and in the audit log',
  },
  next: { id: 'operator.deliveries.next', defaultMessage: 'Continue' },
  cancel: { id: 'operator.deliveries.cancel', defaultMessage: 'Cancel' },
  back: { id: 'operator.deliveries.back', defaultMessage: 'Back' },
  confirmRequeue: {
    id: 'operator.deliveries.confirmRequeue',
    defaultMessage: 'Queue delivery #{id} again? The command runs once more in game.',
  },
  confirmDone: {
    id: 'operator.deliveries.confirmDone',
    defaultMessage: 'Mark delivery #{id} as delivered? The store does not run it again.',
  },
  confirmFailed: {
    id: 'operator.deliveries.confirmFailed',
    defaultMessage: 'Mark delivery #{id} as failed for good? The store does not run it again.',
  },
  confirmNote: { id: 'operator.deliveries.confirmNote', defaultMessage: 'With the note: {note}' },
  confirmRequeueButton: { id: 'operator.deliveries.confirmRequeueButton', defaultMessage: 'Queue it again' },
  confirmResolveButton: { id: 'operator.deliveries.confirmResolveButton', defaultMessage: 'Settle it' },
  sending: { id: 'operator.deliveries.sending', defaultMessage: 'Sending…' },
});

const m = deliveriesPageMessages;

/**
 * /operator/deliveries: every delivery, newest first, with its filters (state, game server by
 * name, order, player) kept in the address; a failed or uncertain one can be queued again or
 * settled by hand, each after a confirmation (docs/product.md, Grown since: delivery).
 */
export function DeliveriesPage() {
  const say = useText();
  const moment = useMoment();
  const { screen, operatorGameServers, deliveryAction } = route.useLoaderData();
  const { draft, filter } = useSearchDraft(screen);
  const servers = useSelector(operatorGameServers, (s) => s.context.servers);
  const open = useSelector(deliveryAction, (s) => (s.matches('closed') ? null : s.context.delivery));
  const serverOptions = [
    { value: '', label: say(m.anyServer) },
    ...servers.map((server) => ({ value: String(server.id), label: server.name })),
    // A server of the address the list does not know (removed, or not loaded yet) keeps its filter.
    ...(draft.game_server_id !== '' && !servers.some((server) => String(server.id) === draft.game_server_id)
      ? [{ value: draft.game_server_id, label: say(m.unknownServer, { id: draft.game_server_id }) }]
      : []),
  ];
  const when = (at: string | null) => (at === null ? '—' : <time dateTime={at}>{moment(at)}</time>);

  return (
    <OperatorPage title={m.title}>
      <SearchForm filters submit={say(m.searchButton)} screen={screen}>
        <ChoiceField
          label={say(m.state)}
          options={[
            { value: '', label: say(m.anyState) },
            ...DELIVERY_STATES.map((state) => ({ value: state, label: say(deliveryStateMessages[state]) })),
          ]}
          {...filter('state')}
        />
        <ChoiceField label={say(m.gameServer)} options={serverOptions} {...filter('game_server_id')} />
        <TextField
          label={say(m.orderId)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          {...filter('order_id')}
        />
        <TextField
          label={say(m.player)}
          description={say(m.playerHint)}
          autoComplete="off"
          maxLength={32}
          {...filter('player')}
        />
      </SearchForm>
      {open !== null && <DeliveryAction delivery={open} />}
      <SearchResults
        screen={screen}
        messages={m}
        columns={[
          [
            m.order,
            (d: Delivery) => (
              <Link to="/operator/orders/$orderId" params={{ orderId: d.order_id }}>
                {say(recordMessages.orderNumber, { id: d.order_id })}
              </Link>
            ),
          ],
          [m.player, (d) => d.player],
          [m.gameServer, (d) => d.game_server],
          [m.command, (d) => <code>{d.command}</code>],
          [
            m.state,
            (d) => `${say(deliveryStateMessages[d.state])} · ${say(m.attempt, { attempt: d.attempt })}`,
          ],
          [m.created, (d) => when(d.created_at)],
          [m.finished, (d) => when(d.finished_at)],
          [
            m.reply,
            (d) => (
              <>
                {d.reply ?? '—'}
                {d.note !== null && (
                  <>
                    <br />
                    <small>{say(m.noteLine, { note: d.note })}</small>
                  </>
                )}
              </>
            ),
          ],
          [
            m.actions,
            (d) =>
              canSettle(d.state) ? (
                <span className="operator-status">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={say(m.requeueLabel, { id: d.id })}
                    onPress={() => deliveryAction.send({ type: 'REQUEUE', delivery: d })}
                  >
                    {say(m.requeue)}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={say(m.resolveLabel, { id: d.id })}
                    onPress={() => deliveryAction.send({ type: 'RESOLVE', delivery: d })}
                  >
                    {say(m.resolve)}
                  </Button>
                </span>
              ) : (
                '—'
              ),
          ],
        ]}
      />
    </OperatorPage>
  );
}

/**
 * Requeue or Resolve of one delivery: the form, then its confirmation. Focus moves to its heading
 * as it opens, so that keyboard and screen-reader users land on it.
 */
function DeliveryAction({ delivery }: { delivery: Delivery }) {
  const say = useText();
  const text = useOptionalText();
  const { deliveryAction } = route.useLoaderData();
  const view = useFormView(deliveryAction, (s) => s.matches({ confirming: 'sending' }));
  const kind = useSelector(deliveryAction, (s) => s.context.kind);
  const confirming = useSelector(deliveryAction, (s) => s.matches('confirming'));
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opened form takes the focus
  useEffect(() => {
    heading.current?.focus();
  }, [delivery.id, kind]);
  const values = {
    id: delivery.id,
    server: delivery.game_server,
    command: delivery.command,
    player: delivery.player,
  };
  const confirmText =
    kind === 'requeue' ? m.confirmRequeue : view.values.outcome === 'done' ? m.confirmDone : m.confirmFailed;

  return (
    <section className="operator-section" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="operator-section__title">
        {say(kind === 'requeue' ? m.requeueLabel : m.resolveLabel, { id: delivery.id })}
      </h2>
      <p className="operator-section__note">
        {say(kind === 'requeue' ? m.requeueIntro : m.resolveIntro, values)}
      </p>
      {confirming ? (
        <Confirmation
          question={say(confirmText, { id: delivery.id })}
          confirm={say(kind === 'requeue' ? m.confirmRequeueButton : m.confirmResolveButton)}
          cancel={say(m.back)}
          sending={say(m.sending)}
          pending={view.pending}
          onConfirm={() => deliveryAction.send({ type: 'CONFIRM' })}
          onCancel={() => deliveryAction.send({ type: 'BACK' })}
        >
          {view.values.note.trim() !== '' && <p>{say(m.confirmNote, { note: view.values.note.trim() })}</p>}
        </Confirmation>
      ) : (
        <AuthForm
          className="operator-form"
          {...view.form}
          actions={
            <span className="operator-status">
              <SubmitButton pending={false} labels={{ submit: m.next, pending: m.next }} size="sm" />
              <Button variant="secondary" size="sm" onPress={() => deliveryAction.send({ type: 'CANCEL' })}>
                {say(m.cancel)}
              </Button>
            </span>
          }
        >
          {kind === 'resolve' && (
            <fieldset className="operator-choice">
              <legend className="field__label">{say(m.outcome)}</legend>
              {(['done', 'failed'] as const).map((outcome) => (
                <label key={outcome} className="operator-choice__option">
                  <input
                    type="radio"
                    name="outcome"
                    value={outcome}
                    checked={view.values.outcome === outcome}
                    aria-invalid={view.errors.outcome ? true : undefined}
                    onChange={() => deliveryAction.send({ type: 'CHANGE', field: 'outcome', value: outcome })}
                  />
                  {say(outcome === 'done' ? m.outcomeDone : m.outcomeFailed)}
                </label>
              ))}
              {view.errors.outcome && <ErrorText>{text(view.errors.outcome)}</ErrorText>}
            </fieldset>
          )}
          <TextField
            label={say(kind === 'requeue' ? m.noteOptional : m.note)}
            description={say(m.noteHint)}
            autoComplete="off"
            rows={3}
            maxLength={DELIVERY_NOTE_MAX_LENGTH}
            {...view.field('note')}
          />
        </AuthForm>
      )}
    </section>
  );
}
