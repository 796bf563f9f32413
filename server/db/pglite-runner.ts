import { messages as backend, type PGlite, protocol } from '@electric-sql/pglite';

/**
 * Prepared statements on PGlite's one backend session, over its wire protocol. This is the one
 * module that reaches past PGlite's documented API: `_runExclusiveQuery` and
 * `_runExclusiveTransaction` are the locks its own `query()` and `transaction()` take. PGlite is a
 * 0.x dependency, so package.json pins it exactly and tests/server/pglite-runner.test.ts fails,
 * naming what is gone, when an upgrade changes these methods.
 */

/** How to read a statement's rows: its columns' names and PGlite's parser for each type. */
type Columns = { name: string; parse: (text: string) => unknown }[];

/** The session's prepared statements by name, shared by the runners of one client. */
export type PreparedColumns = Map<string, Columns>;

interface NamedStatement {
  readonly name: string;
  readonly text: string;
}

type Param = string | number | boolean | null;

/** The private PGlite methods this module calls: what the test checks on every upgrade. */
export const PGLITE_INTERNALS = ['_runExclusiveQuery', '_runExclusiveTransaction'] as const;

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/**
 * Outside a transaction a statement takes both of PGlite's locks, as its own query() does: the
 * transaction lock keeps it out of a transaction another request has open between two of its
 * queries. Inside one, that transaction already holds the transaction lock.
 */
export function pgliteRunner(
  client: PGlite,
  prepared: PreparedColumns,
  where: 'outside' | 'inside',
): (statement: NamedStatement, params: Param[]) => Promise<Record<string, unknown>[]> {
  const { serialize } = protocol;

  /** Parses the statement once per session, and learns its columns (Describe) once. */
  const prepare = async (statement: NamedStatement): Promise<Columns> => {
    const { messages } = await client.execProtocol(
      concat([
        serialize.parse({ name: statement.name, text: statement.text }),
        serialize.describe({ type: 'S', name: statement.name }),
        serialize.sync(),
      ]),
    );
    const description = messages.find((message) => message instanceof backend.RowDescriptionMessage);
    const columns = (description?.fields ?? []).map(({ name, dataTypeID }) => {
      const parser = client.parsers[dataTypeID];
      return { name, parse: parser ? (text: string) => parser(text, dataTypeID) : (text: string) => text };
    });
    prepared.set(statement.name, columns);
    return columns;
  };

  const run = async (statement: NamedStatement, values: (string | null)[]) => {
    const columns = prepared.get(statement.name) ?? (await prepare(statement));
    const { messages } = await client.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: where === 'outside' },
    );
    const rows: Record<string, unknown>[] = [];
    for (const message of messages) {
      if (!(message instanceof backend.DataRowMessage)) continue;
      const row: Record<string, unknown> = {};
      message.fields.forEach((text, i) => {
        const column = columns[i];
        if (column) row[column.name] = text === null ? null : column.parse(text);
      });
      rows.push(row);
    }
    return rows;
  };

  const query = (statement: NamedStatement, values: (string | null)[]) =>
    client._runExclusiveQuery(() => run(statement, values));

  return (statement, params) => {
    const values = params.map((param) => (param === null ? null : String(param)));
    return where === 'inside'
      ? query(statement, values)
      : client._runExclusiveTransaction(() => query(statement, values));
  };
}
