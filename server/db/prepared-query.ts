import type { Compilable, CompiledQuery, Kysely } from 'kysely'
import { keepPlannedOnPostgres, type Db } from './connection'
import type { Database } from './schema'

/** Where a run's argument goes: `args[key]`, or `args[key][item]` for a list. */
class Slot {
  constructor(
    readonly key: string,
    readonly item?: number,
  ) {}
}

type Args = Record<string, unknown>

interface Compiled<R> {
  query: CompiledQuery<R>
  /** for each parameter of the compiled SQL: the argument that fills it, or a value the query fixed */
  bindings: unknown[]
}

const argumentOf = (binding: unknown, args: Args): unknown => {
  if (!(binding instanceof Slot)) return binding
  const value = args[binding.key]
  return binding.item === undefined ? value : (value as unknown[])[binding.item]
}

/** Lists up to this long get SQL kept per length; a longer one (rare: a big basket) is compiled for its run only. */
const LONGEST_KEPT_LIST = 100

/** The lengths of the list arguments (a list of another length needs SQL of its own), or undefined when one is too long to keep. */
function shapeOf(args: Args): string | undefined {
  const lengths: (number | '')[] = []
  for (const key of Object.keys(args).sort()) {
    const value = args[key]
    if (Array.isArray(value) && value.length > LONGEST_KEPT_LIST) return undefined
    lengths.push(Array.isArray(value) ? value.length : '')
  }
  return lengths.join(',')
}

/**
 * A query built and compiled once per database (and per length of its list arguments), then run
 * with each call's arguments bound into the compiled SQL: building and compiling a Kysely query
 * anew costs more CPU than SQLite takes to answer a small one, and PostgreSQL keeps its plan (see
 * keepPlannedOnPostgres). `build` gets stand-ins for the arguments (`$.name`, or a list of them
 * for a list argument) to use where the values go; it must put them only where Kysely binds values
 * as parameters (comparisons, `in` lists).
 */
export function preparedQuery<A extends Args, R>(build: (kysely: Kysely<Database>, $: A) => Compilable<R>) {
  const compiledByDb = new WeakMap<Db, Map<string, Compiled<R>>>()
  const compile = (db: Db, args: A, kept: boolean): Compiled<R> => {
    const stand = Object.fromEntries(
      Object.entries(args).map(([key, value]) => [key, Array.isArray(value) ? value.map((_, item) => new Slot(key, item)) : new Slot(key)]),
    ) as A
    const query = build(db.kysely, stand).compile()
    if (kept && db.dialect === 'postgres') keepPlannedOnPostgres(query.sql)
    return { query, bindings: [...query.parameters] }
  }
  const compiledFor = (db: Db, args: A): Compiled<R> => {
    const shape = shapeOf(args)
    if (shape === undefined) return compile(db, args, false)
    let compiled = compiledByDb.get(db)
    if (!compiled) compiledByDb.set(db, (compiled = new Map<string, Compiled<R>>()))
    let entry = compiled.get(shape)
    if (!entry) compiled.set(shape, (entry = compile(db, args, true)))
    return entry
  }
  return async (db: Db, args: A): Promise<R[]> => {
    const entry = compiledFor(db, args)
    const parameters = entry.bindings.map((binding) => argumentOf(binding, args))
    const result = await db.kysely.executeQuery<R>({ ...entry.query, parameters })
    return result.rows
  }
}
