import {
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { SingleConnectionQueue } from './single-connection-queue';

type Parser = (value: string, typeId: number) => unknown;
type Serializer = (value: unknown) => string;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** How many prepared statements are kept (Drizzle builds one text per query shape). */
const PREPARED_STATEMENTS = 2000;

interface Prepared {
  name: string;
  /** The parameters' types, which pick PGlite's serializer for each value. */
  oids: number[];
  /** The result's columns, from the statement's description (so no Describe is needed per run). */
  fields: Field[];
}

/**
 * The part of PGlite that drizzle-orm/pglite uses (`query`, `transaction` and, inside one, the
 * transaction's `query`), with each parameterised statement prepared once and then run in ONE protocol
 * exchange.
 *
 * PGlite's own `query` parses and plans the text on every call and makes a separate call into the WASM
 * Postgres for Parse, Describe (statement), Bind, Describe (portal), Execute and Sync, each with its own
 * message parsing, then copies its whole type-parser table into the result. That cost about 1 ms a
 * statement, a third of it planning. Here a statement text is prepared under a name the first time
 * (Parse + Describe + Sync, which also gives its parameter and column types); later runs send Bind,
 * Execute and Sync together, and Postgres reuses the plan as it does for node-postgres's named
 * statements (a generic plan once it costs no more than custom ones). Values are serialised and rows
 * parsed with PGlite's own serializers and parsers, so results are the same as PGlite's `query` gives
 * (`pglite-pipeline.db.test.ts` compares them).
 *
 * Prepared statements belong to the schema they were described against: any statement without
 * parameters that is not a plain `select` (migrations' DDL, `analyze`) closes them all, and at most
 * PREPARED_STATEMENTS are kept (the least recently used is closed first).
 *
 * Top-level statements and transactions wait for the one connection in a `SingleConnectionQueue`: after
 * `waitMs` in the queue they are refused (`DatabaseUnavailableError('busy')`) instead of waiting on.
 */
export function pipelinedPglite(pg: PGlite, { waitMs }: { waitMs: number }): PGlite {
  const queue = new SingleConnectionQueue(waitMs);
  const prepared = new Map<string, Prepared>();
  let closing: string[] = [];
  let counter = 0;

  function forget(text?: string) {
    const dropped = text === undefined ? [...prepared.values()] : [prepared.get(text)];
    for (const statement of dropped) if (statement) closing.push(statement.name);
    if (text === undefined) prepared.clear();
    else prepared.delete(text);
  }

  /** Close messages for statements forgotten since the last exchange. */
  function closes(): Uint8Array[] {
    if (closing.length === 0) return [];
    const messages = closing.map((name) => protocol.serialize.close({ type: 'S', name }));
    closing = [];
    return messages;
  }

  async function prepare(text: string, topLevel: boolean, options?: QueryOptions): Promise<Prepared> {
    const known = prepared.get(text);
    if (known) {
      // Most recently used last, so the first entry is the one to close when the map is full.
      prepared.delete(text);
      prepared.set(text, known);
      return known;
    }
    if (prepared.size >= PREPARED_STATEMENTS) forget(prepared.keys().next().value);
    const name = `pipelined_${++counter}`;
    const messages = await exchange(text, undefined, topLevel, false, [
      ...closes(),
      protocol.serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    ]);
    let oids: number[] = [];
    let fields: Field[] = [];
    for (const message of messages) {
      if (message.name === 'parameterDescription')
        oids = (message as unknown as { dataTypeIDs: number[] }).dataTypeIDs;
      else if (message.name === 'rowDescription')
        fields = (message as unknown as { fields: Field[] }).fields.map((f) => ({
          name: f.name,
          dataTypeID: f.dataTypeID,
        }));
    }
    const statement = { name, oids, fields };
    prepared.set(text, statement);
    return statement;
  }

  async function run<T>(
    text: string,
    params: unknown[],
    topLevel: boolean,
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const statement = await prepare(text, topLevel, options);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const oid = statement.oids[i] ?? 0;
      const serialize = (options?.serializers?.[oid] ?? pg.serializers[oid]) as Serializer | undefined;
      return serialize ? serialize(value) : String(value);
    });
    try {
      const messages = await exchange(text, params, topLevel, topLevel, [
        ...closes(),
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]);
      return toResults<T>(messages, statement.fields, pg.parsers as Record<number, Parser>, options);
    } catch (error) {
      // "cached plan must not change result type": the table changed under the statement.
      if ((error as { code?: string }).code === '0A000') forget(text);
      throw error;
    }
  }

  /** A statement as drizzle sends it; the rare kinds PGlite handles specially go to PGlite itself. */
  async function statement<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    topLevel: boolean,
    viaPglite: () => Promise<Results<T>>,
  ): Promise<Results<T>> {
    if (!params || params.length === 0 || options?.blob) {
      if (!/^\s*select\b/i.test(text)) forget();
      return viaPglite();
    }
    return run<T>(text, params, topLevel, options);
  }

  const overrides = {
    async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
      return queue.run(() =>
        statement<T>(text, params, options, true, () => pg.query<T>(text, params, options)),
      );
    },
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      return queue.run(() =>
        pg.transaction((tx) => {
          const pipelined: Transaction = Object.create(tx);
          pipelined.query = <R>(text: string, params?: unknown[], options?: QueryOptions) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return statement<R>(text, params, options, false, () => tx.query<R>(text, params, options));
          };
          return callback(pipelined);
        }),
      );
    },
  };
  // Everything else is PGlite's own, called on PGlite itself (its private fields need that).
  const client = new Proxy(pg, {
    get(target, property) {
      if (property === 'query' || property === 'transaction') return overrides[property];
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return client;

  /**
   * Sends the messages as one exchange under PGlite's query lock and throws the database's error. A
   * top-level statement also waits for any running transaction and writes the data files after, as
   * PGlite's own `query` does; one inside a transaction already holds that lock.
   */
  async function exchange(
    text: string,
    params: unknown[] | undefined,
    topLevel: boolean,
    sync: boolean,
    messages: Uint8Array[],
  ): Promise<BackendMessage[]> {
    await pg._checkReady();
    // PGlite answers through promises that are already settled, so a whole transaction would otherwise
    // run as one chain of microtasks, and no socket would be read until it ends: requests that arrived
    // meanwhile joined the queue only in the event loop's next turn, and some waited two turns of every
    // request instead of one. Yielding to the event loop before each statement lets them in as they come.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const send = () =>
      pg._runExclusiveQuery(async () => {
        try {
          return await pg.execProtocolStream(concat(messages), { syncToFs: false });
        } catch (error) {
          throw Object.assign(error as Error, { query: text, params });
        } finally {
          if (sync) await pg.syncToFs();
        }
      });
    return topLevel ? pg._runExclusiveTransaction(send) : send();
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

interface Field {
  name: string;
  dataTypeID: number;
}

/** PGlite's `parseResults` for one prepared statement, without copying the parser table per call. */
function toResults<T>(
  messages: BackendMessage[],
  fields: Field[],
  parsers: Record<number, Parser>,
  options: QueryOptions | undefined,
): Results<T> {
  const custom = options?.parsers as Record<number, Parser> | undefined;
  const columnParsers = fields.map((f) => custom?.[f.dataTypeID] ?? parsers[f.dataTypeID]);
  const rows: unknown[] = [];
  let affectedRows = 0;
  let rowCount: number | undefined;
  const arrayMode = options?.rowMode === 'array';
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const values = (message as unknown as { fields: (string | null)[] }).fields;
      if (arrayMode) {
        const row = new Array(values.length);
        for (let i = 0; i < values.length; i++) row[i] = parseValue(values[i] ?? null, i);
        rows.push(row);
      } else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < values.length; i++)
          row[fields[i]?.name ?? String(i)] = parseValue(values[i] ?? null, i);
        rows.push(row);
      }
    } else if (message.name === 'commandComplete') {
      const words = (message as unknown as { text: string }).text.split(' ');
      const count = Number.parseInt(words[words.length - 1] ?? '', 10);
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0] ?? '')) affectedRows += count;
      if (!Number.isNaN(count)) rowCount = count;
    }
  }
  return {
    rows: rows as T[],
    fields,
    affectedRows,
    ...(rowCount === undefined ? {} : { rowCount }),
  } as Results<T>;

  function parseValue(value: string | null, column: number): unknown {
    if (value === null) return null;
    const parse = columnParsers[column];
    return parse ? parse(value, fields[column]?.dataTypeID ?? 0) : value;
  }
}
