import { CompiledQuery, type QueryResult, type RawBuilder } from 'kysely';
import type { Db } from './types';

const SLOT = Symbol('statement slot');

/** Where a value goes in a statement built once per shape: its name among the call's values. */
export interface Slot {
  readonly [SLOT]: string;
}

const isSlot = (value: unknown): value is Slot => typeof value === 'object' && value !== null && SLOT in value;

/** A statement's text and, per parameter, the value it takes: a named slot or a constant of the shape. */
interface Compiled {
  sql: string;
  parameters: ReadonlyArray<{ slot: string } | { constant: unknown }>;
}

/**
 * A statement whose text depends only on its shape (which sort, which filters), built and compiled
 * by Kysely once per shape and then only given its values. Building and compiling a statement with
 * joins and sub-selects costs some 30 µs of the api's CPU on every request of a hot list, while its
 * text is the same for every call of the same shape. `build` receives slots for the values (it can
 * place them, not compute with them) and must choose its clauses from `shape` alone; shapes are few
 * (enumerations and flags), so the compiled texts are kept without a bound.
 */
export function statementByShape<
  Shape extends Record<string, string | boolean>,
  Values extends Record<string, unknown>,
  Row,
>(build: (shape: Shape, values: { readonly [K in keyof Values]: Slot }) => RawBuilder<Row>) {
  const byShape = new Map<string, Compiled>();
  const compile = (db: Db, shape: Shape, names: ReadonlyArray<keyof Values & string>): Compiled => {
    const slots = Object.fromEntries(names.map((name) => [name, { [SLOT]: name }])) as {
      readonly [K in keyof Values]: Slot;
    };
    const query = build(shape, slots).compile(db);
    return {
      sql: query.sql,
      parameters: query.parameters.map((value) => (isSlot(value) ? { slot: value[SLOT] } : { constant: value })),
    };
  };
  return (db: Db, shape: Shape, values: Values): Promise<QueryResult<Row>> => {
    // The shape's keys in a fixed order: the same shape always finds the same text.
    const key = Object.keys(shape)
      .sort()
      .map((name) => `${name}=${String(shape[name])}`)
      .join('&');
    let compiled = byShape.get(key);
    if (!compiled) {
      compiled = compile(db, shape, Object.keys(values));
      byShape.set(key, compiled);
    }
    const parameters = compiled.parameters.map((parameter) =>
      'slot' in parameter ? values[parameter.slot] : parameter.constant,
    );
    return db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
  };
}
