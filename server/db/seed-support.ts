import type { Insertable } from 'kysely'
import type { Database } from './schema'

/** A row as the seed inserts it (ids explicit). */
export type SeedRow<T extends keyof Database> = Insertable<Database[T]>

export const roundKopecks = (roubles: number) => Math.round(roubles * 100) / 100
