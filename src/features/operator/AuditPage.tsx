import { getRouteApi, Link } from '@tanstack/react-router';
import { defineMessages } from 'react-intl';
import { formatCoins } from '../../../domain/money-text';
import { type AuditEntry, COIN_FIELDS, changedFields } from '../../../machines/operator/audit';
import { TextField } from '../../components/TextField/TextField';
import { useFormats } from '../../i18n/useFormats';
import { useText } from '../../i18n/useText';
import { DateField } from './fields';
import { OperatorPage } from './OperatorPage';
import { SearchForm, SearchResults, useSearchDraft } from './parts';
import { useMoment } from './records';

const route = getRouteApi('/operator/audit');

const messages = defineMessages({
  title: { id: 'operator.audit.title', defaultMessage: 'Audit log' },
  entity: { id: 'operator.audit.entity', defaultMessage: 'Entity' },
  entityHint: { id: 'operator.audit.entityHint', defaultMessage: 'For example order, customer, settings' },
  entityId: { id: 'operator.audit.entityId', defaultMessage: 'Entity id' },
  actor: { id: 'operator.audit.actor', defaultMessage: 'Actor' },
  actorHint: { id: 'operator.audit.actorHint', defaultMessage: "An operator's email, or cli" },
  from: { id: 'operator.audit.from', defaultMessage: 'From' },
  until: { id: 'operator.audit.until', defaultMessage: 'Until' },
  searchButton: { id: 'operator.audit.searchButton', defaultMessage: 'Filter' },
  loading: { id: 'operator.audit.loading', defaultMessage: 'Loading the audit log…' },
  empty: { id: 'operator.audit.empty', defaultMessage: 'No entries match' },
  emptyAll: { id: 'operator.audit.emptyAll', defaultMessage: 'Nothing has been logged yet' },
  retry: { id: 'operator.audit.retry', defaultMessage: 'Try again' },
  more: { id: 'operator.audit.more', defaultMessage: 'Show older entries' },
  when: { id: 'operator.audit.when', defaultMessage: 'When' },
  action: { id: 'operator.audit.action', defaultMessage: 'Action' },
  changes: { id: 'operator.audit.changes', defaultMessage: 'Changes' },
  noChanges: { id: 'operator.audit.noChanges', defaultMessage: 'No fields changed' },
  value: { id: 'operator.audit.value', defaultMessage: 'Value' },
});

/** A field's value as the operator reads it: coins as coins, text as it is, '—' for none. */
function useShowValue(): (entry: AuditEntry, field: string, value: unknown) => string {
  const { locale } = useFormats();
  return (entry, field, value) => {
    if (value === undefined || value === null) return '—';
    if (typeof value === 'number' && COIN_FIELDS[entry.action]?.includes(field))
      return formatCoins(value, locale);
    if (typeof value === 'string') return value;
    return JSON.stringify(value);
  };
}

function EntityCell({ entry }: { entry: AuditEntry }) {
  const id = Number(entry.entity_id);
  const label = `${entry.entity} #${entry.entity_id}`;
  if (entry.entity === 'order' && Number.isSafeInteger(id) && id > 0) {
    return (
      <Link to="/operator/orders/$orderId" params={{ orderId: id }}>
        {label}
      </Link>
    );
  }
  if (entry.entity === 'customer' && Number.isSafeInteger(id) && id > 0) {
    return (
      <Link to="/operator/customers/$customerId" params={{ customerId: id }}>
        {label}
      </Link>
    );
  }
  if (entry.entity === 'product' && Number.isSafeInteger(id) && id > 0) {
    return (
      <Link to="/operator/products/$productId" params={{ productId: id }}>
        {label}
      </Link>
    );
  }
  return <>{label}</>;
}

/** An entry's changed fields, each as before → after. */
function Changes({ entry }: { entry: AuditEntry }) {
  const say = useText();
  const show = useShowValue();
  const changes = changedFields(entry.before, entry.after);
  return changes.length === 0 ? (
    say(messages.noChanges)
  ) : (
    <ul className="operator-changes">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="operator-changes__field">{c.field || say(messages.value)}</span>{' '}
          <del>{show(entry, c.field, c.before)}</del> → <ins>{show(entry, c.field, c.after)}</ins>
        </li>
      ))}
    </ul>
  );
}

/**
 * /operator/audit: every operator action, newest first, read-only; filters (entity, entity id,
 * actor, from/until days) kept in the address; each row's changed fields as before → after.
 */
export function AuditPage() {
  const say = useText();
  const moment = useMoment();
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const { filter } = useSearchDraft(screen);
  const m = messages;

  return (
    <OperatorPage title={m.title}>
      <SearchForm filters submit={say(m.searchButton)} screen={screen}>
        <TextField
          label={say(m.entity)}
          description={say(m.entityHint)}
          maxLength={64}
          {...filter('entity')}
        />
        <TextField label={say(m.entityId)} maxLength={64} {...filter('entity_id')} />
        <TextField label={say(m.actor)} description={say(m.actorHint)} maxLength={254} {...filter('actor')} />
        <DateField label={say(m.from)} {...filter('from')} />
        <DateField label={say(m.until)} {...filter('until')} />
      </SearchForm>
      <SearchResults
        screen={screen}
        messages={m}
        columns={[
          [m.when, (entry) => <time dateTime={entry.at}>{moment(entry.at)}</time>],
          [m.actor, (entry) => entry.actor],
          [m.action, (entry) => <code>{entry.action}</code>],
          [m.entity, (entry) => <EntityCell entry={entry} />],
          [m.changes, (entry) => <Changes entry={entry} />],
        ]}
      />
    </OperatorPage>
  );
}
