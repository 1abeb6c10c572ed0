import { sql } from 'kysely'

/** The counters of catalogue_versions a request reads: the catalogue's tables, the stock, the listed products' pictures, wishes and needs. */
export type Versions = Record<'catalogue' | 'stocks' | 'marks', number>

/** A counter as a scalar subquery, to read inside another statement (null when it has no row yet). */
export const versionOf = (name: keyof Versions) => sql<number | string | null>`(select version from catalogue_versions where name = ${sql.lit(name)})`
