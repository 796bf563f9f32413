import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { defineMessages } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import {
  type CommandRow,
  type DeliveryCondition,
  fieldKey,
  MAX_COMMANDS,
  type productCommandsMachine,
} from '../../../machines/operator/productCommands';
import { Button } from '../../components/Button/Button';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText, useText } from '../../i18n/useText';
import { ChoiceField } from './fields';
import { ScreenStatus } from './parts';

const messages = defineMessages({
  title: { id: 'operator.commands.title', defaultMessage: 'Delivery commands' },
  note: {
    id: 'operator.commands.note',
    defaultMessage:
      'Run on the game servers, in this order, when an order of this product is paid. Saving replaces the list; orders already paid keep theirs.',
  },
  loading: { id: 'operator.commands.loading', defaultMessage: 'Loading the delivery commands…' },
  notFound: { id: 'operator.commands.notFound', defaultMessage: 'There is no such product.' },
  retry: { id: 'operator.commands.retry', defaultMessage: 'Try again' },
  none: { id: 'operator.commands.none', defaultMessage: 'This product delivers nothing in game.' },
  noServers: { id: 'operator.commands.noServers', defaultMessage: 'Add a game server first.' },
  servers: { id: 'operator.commands.servers', defaultMessage: 'Game servers' },
  command: { id: 'operator.commands.command', defaultMessage: 'Command {number}' },
  server: { id: 'operator.commands.server', defaultMessage: 'Game server' },
  chooseServer: { id: 'operator.commands.chooseServer', defaultMessage: 'Choose…' },
  template: { id: 'operator.commands.template', defaultMessage: 'Command' },
  templateHint: {
    id: 'operator.commands.templateHint',
    defaultMessage:
      'Without the slash, e.g. lp user {player} parent add vip. Placeholders: {player}, {uuid}, {quantity}, {order}, {product}',
  },
  condition: { id: 'operator.commands.condition', defaultMessage: 'When' },
  any: { id: 'operator.commands.any', defaultMessage: 'At once' },
  online: { id: 'operator.commands.online', defaultMessage: 'When the player is on this server' },
  up: { id: 'operator.commands.up', defaultMessage: 'Move command {number} up' },
  down: { id: 'operator.commands.down', defaultMessage: 'Move command {number} down' },
  remove: { id: 'operator.commands.remove', defaultMessage: 'Remove command {number}' },
  add: { id: 'operator.commands.add', defaultMessage: 'Add a command' },
  save: { id: 'operator.commands.save', defaultMessage: 'Save commands' },
  saving: { id: 'operator.commands.saving', defaultMessage: 'Saving…' },
});

/**
 * A product's delivery commands (ADR 0031) under its form: the ordered list, each command with its
 * game server, template and condition; saving replaces the list.
 */
export function ProductCommands({ commands }: { commands: ActorRefFrom<typeof productCommandsMachine> }) {
  const say = useText();
  const text = useOptionalText();
  const titleId = useId();
  const state = useSelector(commands, (s) => s.value as string);
  const rows = useSelector(commands, (s) => s.context.rows);
  const servers = useSelector(commands, (s) => s.context.servers);
  const errors = useSelector(commands, (s) => s.context.errors);
  const formError = useSelector(commands, (s) => s.context.formError);
  const loadError = useSelector(commands, (s) => s.context.loadError);
  const saving = state === 'saving';
  const shown = state === 'editing' || saving;
  const serverOptions = [
    { value: '', label: say(messages.chooseServer) },
    ...servers.map((server) => ({ value: String(server.id), label: server.name })),
  ];
  const conditionOptions: { value: DeliveryCondition; label: string }[] = [
    { value: 'any', label: say(messages.any) },
    { value: 'online', label: say(messages.online) },
  ];
  const change = (row: CommandRow, field: 'game_server_id' | 'template' | 'condition', value: string) =>
    commands.send({ type: 'CHANGE', key: row.key, field, value });

  return (
    <section className="operator-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="operator-section__title">
        {say(messages.title)}
      </h2>
      <p className="operator-section__note">{say(messages.note)}</p>
      <ScreenStatus state={state} messages={messages} error={loadError} screen={commands} />
      {shown && servers.length === 0 && (
        <p>
          {say(messages.noServers)} <Link to="/operator/game-servers">{say(messages.servers)}</Link>
        </p>
      )}
      {shown && (
        <form
          className="operator-commands"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            commands.send({ type: 'SAVE' });
          }}
        >
          {rows.length === 0 && <p>{say(messages.none)}</p>}
          <ol className="operator-commands__list">
            {rows.map((row, index) => {
              const number = index + 1;
              const serverError = errors[fieldKey(row.key, 'game_server_id')];
              const templateError = errors[fieldKey(row.key, 'template')];
              return (
                <li key={row.key}>
                  <fieldset className="operator-fieldset operator-command">
                    <legend>{say(messages.command, { number })}</legend>
                    <ChoiceField
                      label={say(messages.server)}
                      name={`server-${row.key}`}
                      value={row.game_server_id}
                      options={serverOptions}
                      onChange={(value) => change(row, 'game_server_id', value)}
                    />
                    {serverError && <ErrorText>{text(serverError)}</ErrorText>}
                    <TextField
                      label={say(messages.template)}
                      description={say(messages.templateHint, {
                        player: '{player}',
                        uuid: '{uuid}',
                        quantity: '{quantity}',
                        order: '{order}',
                        product: '{product}',
                      })}
                      name={`template-${row.key}`}
                      autoComplete="off"
                      spellCheck="false"
                      maxLength={256}
                      value={row.template}
                      onChange={(value) => change(row, 'template', value)}
                      isInvalid={templateError !== undefined}
                      errorMessage={text(templateError)}
                    />
                    <ChoiceField
                      label={say(messages.condition)}
                      name={`condition-${row.key}`}
                      value={row.condition}
                      options={conditionOptions}
                      onChange={(value) => change(row, 'condition', value)}
                    />
                    <span className="operator-status">
                      <Button
                        variant="secondary"
                        size="sm"
                        isDisabled={index === 0}
                        aria-label={say(messages.up, { number })}
                        onPress={() => commands.send({ type: 'MOVE', key: row.key, by: -1 })}
                      >
                        ↑
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        isDisabled={index === rows.length - 1}
                        aria-label={say(messages.down, { number })}
                        onPress={() => commands.send({ type: 'MOVE', key: row.key, by: 1 })}
                      >
                        ↓
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        onPress={() => commands.send({ type: 'REMOVE', key: row.key })}
                      >
                        {say(messages.remove, { number })}
                      </Button>
                    </span>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {formError && <ErrorText>{text(formError)}</ErrorText>}
          <span className="operator-status">
            <Button
              variant="secondary"
              isDisabled={rows.length >= MAX_COMMANDS}
              onPress={() => commands.send({ type: 'ADD' })}
            >
              {say(messages.add)}
            </Button>
            <Button type="submit" isPending={saving}>
              {say(saving ? messages.saving : messages.save)}
            </Button>
          </span>
        </form>
      )}
    </section>
  );
}
