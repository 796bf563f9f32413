import { createLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type AnchorHTMLAttributes, type FormEvent, type ReactNode, type Ref, useId } from 'react';
import type { MessageDescriptor } from 'react-intl';
import type { ActorRef, Snapshot } from 'xstate';
import type { Text } from '../../../machines/text';
import { Button } from '../../components/Button/Button';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { Spinner } from '../../components/Spinner/Spinner';
import { LoadingLine, RetryLine } from '../../components/StatusLine/StatusLine';
import { useOptionalText, useText } from '../../i18n/useText';

/**
 * The console's shared screen parts: what every list and detail page shows while it loads, when
 * it fails or finds nothing, its search form, tables, sections and 'Show more'. Console-only: the
 * customer routes never import this file (their bundles stay within budget).
 */

type Descriptor = MessageDescriptor & { id: string };

/** A screen that loads again on RETRY. */
interface Retrying {
  send(event: { type: 'RETRY' }): void;
}

/**
 * A screen's state line: 'Loading…' while it loads, the error with 'Try again' when loading failed,
 * 'There is no such …' for a record that is not there, and the empty block of a list with no rows.
 */
export function ScreenStatus({
  state,
  messages,
  error,
  screen,
  empty,
}: {
  /** The screen's state: `loading`, `error` (or `loadFailed`), `notFound` and `empty` show a line; others nothing. */
  state: unknown;
  messages: { loading: Descriptor; retry: Descriptor; notFound?: Descriptor };
  error: Text | null | undefined;
  /** The screen 'Try again' sends RETRY to. */
  screen: Retrying;
  /** The title of the empty block (lists). */
  empty?: string;
}) {
  const say = useText();
  const text = useOptionalText();
  if (state === 'loading') return <LoadingLine className="operator-status" label={say(messages.loading)} />;
  if (state === 'error' || state === 'loadFailed') {
    return (
      <RetryLine
        className="operator-status"
        error={text(error)}
        retry={say(messages.retry)}
        onRetry={() => screen.send({ type: 'RETRY' })}
      />
    );
  }
  if (state === 'notFound' && messages.notFound) return <ErrorText>{say(messages.notFound)}</ErrorText>;
  if (state === 'empty' && empty !== undefined) return <EmptyState headingLevel={2} title={empty} />;
  return null;
}

/** A search list's screen (machines/operator/searchList.ts): its typed filters, CHANGE and SEARCH. */
type Searching<F> = ActorRef<
  Snapshot<unknown> & { context: { draft: F } },
  { type: 'SEARCH' } | { type: 'CHANGE'; field: keyof F & string; value: string }
>;

/**
 * A search list's typed filters, and `filter(name)`: what a filter's field takes (its name, the
 * typed value and the handler that sends its CHANGE).
 */
export function useSearchDraft<F extends Record<keyof F, string>>(screen: Searching<F>) {
  const draft = useSelector(screen, (s) => s.context.draft);
  const filter = <K extends keyof F & string>(name: K) => ({
    name,
    value: draft[name],
    onChange: (value: string) => screen.send({ type: 'CHANGE', field: name, value }),
  });
  return { draft, filter };
}

/**
 * A list's search form: its fields and the submit button, which sends SEARCH; `filters` lays
 * several fields out in a row.
 */
export function SearchForm({
  submit,
  screen,
  filters = false,
  children,
}: {
  submit: string;
  screen: { send(event: { type: 'SEARCH' }): void };
  filters?: boolean;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 (and jsdom)
    <form
      role="search"
      className={filters ? 'operator-search operator-filters' : 'operator-search'}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        screen.send({ type: 'SEARCH' });
      }}
    >
      {children}
      <Button type="submit" variant="secondary">
        {submit}
      </Button>
    </form>
  );
}

/** A column: its heading (a message, or words already said) and what a row shows in it. */
export type Column<R> = readonly [heading: Descriptor | string, cell: (row: R) => ReactNode];

/**
 * A console table: the column headings and one row per item, each cell labelled with its heading
 * (the narrow layout shows the label beside the value); a line instead when there are no rows.
 */
export function OperatorTable<R>({
  columns,
  rows,
  rowKey,
  empty,
  rowHeader = false,
  className,
}: {
  columns: readonly Column<R>[];
  rows: readonly R[];
  /** A row's key; without one, its place (for the server's lists as they came, never reordered). */
  rowKey?: (row: R) => string | number;
  empty?: Descriptor;
  /** The first column heads its row (`<th scope="row">`). */
  rowHeader?: boolean;
  className?: string;
}) {
  const say = useText();
  if (rows.length === 0 && empty) return <p>{say(empty)}</p>;
  const headings = columns.map(([heading]) => (typeof heading === 'string' ? heading : say(heading)));
  return (
    <table className={['operator-table', className].filter(Boolean).join(' ')}>
      <thead>
        <tr>
          {headings.map((heading) => (
            <th key={heading} scope="col">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey ? rowKey(row) : index}>
            {columns.map(([, cell], column) => {
              const heading = headings[column];
              return rowHeader && column === 0 ? (
                <th key={heading} scope="row" data-label={heading}>
                  {cell(row)}
                </th>
              ) : (
                <td key={heading} data-label={heading}>
                  {cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The link of a table row's first cell to the row's own page, set apart from other links. */
export const RowLink = createLink(function RowAnchor({
  ref,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }) {
  return <a ref={ref} {...props} className="operator-table__link" />;
});

/** What a list page reads of its screen (machines/operator/searchList.ts). */
type SearchListScreen<R> = ActorRef<
  Snapshot<unknown> & {
    value: unknown;
    context: {
      search: Record<string, string>;
      rows: readonly R[];
      more: boolean;
      error: Text | null;
      moreError: Text | null;
    };
  },
  { type: 'RETRY' } | { type: 'MORE' }
>;

/**
 * A search list's results: its state line ('No … match' when a filter is set, 'No … yet' when
 * none is), the table of the rows and 'Show more'.
 */
export function SearchResults<R extends { id: number }>({
  screen,
  messages,
  columns,
}: {
  screen: SearchListScreen<R>;
  messages: {
    loading: Descriptor;
    retry: Descriptor;
    empty: Descriptor;
    emptyAll: Descriptor;
    more: Descriptor;
  };
  columns: readonly Column<R>[];
}) {
  const say = useText();
  const state = useSelector(screen, (s) => s.value);
  const filtered = useSelector(screen, (s) => Object.values(s.context.search).some((value) => value !== ''));
  const rows = useSelector(screen, (s) => s.context.rows);
  const more = useSelector(screen, (s) => s.context.more);
  const error = useSelector(screen, (s) => s.context.error);
  const moreError = useSelector(screen, (s) => s.context.moreError);
  return (
    <>
      <ScreenStatus
        state={state}
        messages={messages}
        error={error}
        screen={screen}
        empty={say(filtered ? messages.empty : messages.emptyAll)}
      />
      {(state === 'filled' || state === 'loadingMore') && (
        <>
          <OperatorTable rows={rows} rowKey={(row) => row.id} columns={columns} />
          <ShowMore
            label={say(messages.more)}
            more={more}
            moreError={moreError}
            pending={state === 'loadingMore'}
            onMore={() => screen.send({ type: 'MORE' })}
          />
        </>
      )}
    </>
  );
}

/** Below a list: the error of the last 'Show more', and the button while there are more rows. */
function ShowMore({
  label,
  more,
  moreError,
  pending,
  onMore,
}: {
  label: string;
  more: boolean;
  moreError: Text | null | undefined;
  pending: boolean;
  onMore: () => void;
}) {
  const text = useOptionalText();
  return (
    <>
      {moreError && <ErrorText>{text(moreError)}</ErrorText>}
      {more && (
        <Button variant="secondary" className="operator-more" isPending={pending} onPress={onMore}>
          {label}
        </Button>
      )}
    </>
  );
}

/** A titled section of a detail page, with an optional note under its title. */
export function Section({
  title,
  note,
  children,
}: {
  title: Descriptor;
  note?: ReactNode;
  children: ReactNode;
}) {
  const say = useText();
  const id = useId();
  return (
    <section className="operator-section" aria-labelledby={id}>
      <h2 id={id} className="operator-section__title">
        {say(title)}
      </h2>
      {note && <p className="operator-section__note">{note}</p>}
      {children}
    </section>
  );
}

/**
 * A confirmation step before a change that cannot be taken back: the question (and what more it
 * shows), the button that goes ahead (it takes the focus) and the one that does not, and a status
 * line while the change is sent.
 */
export function Confirmation({
  question,
  confirm,
  cancel,
  sending,
  pending,
  onConfirm,
  onCancel,
  children,
}: {
  question: string;
  confirm: string;
  cancel: string;
  /** The status line while `pending`. */
  sending: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset aria-labelledby={id} className="operator-confirm">
      <p id={id}>{question}</p>
      {children}
      <span className="operator-status">
        {/* Not isPending: the button goes with the answer, and react-aria's announcement of its
            pending state would be left labelled by nothing. */}
        <Button size="sm" isDisabled={pending} onPress={onConfirm} autoFocus>
          {confirm}
        </Button>
        <Button variant="secondary" size="sm" isDisabled={pending} onPress={onCancel}>
          {cancel}
        </Button>
      </span>
      {pending && (
        <p className="operator-status" role="status">
          <Spinner size="sm" decorative />
          <span>{sending}</span>
        </p>
      )}
    </fieldset>
  );
}
