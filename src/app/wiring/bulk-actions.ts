import { fromPromise } from 'xstate'
import type { bulkActionMachine } from '../../machines/bulk-action.machine'
import { deferredLogic, loadOnce } from './deferred-logic'

type BulkActionActors = Parameters<typeof bulkActionMachine.provide>[0]['actors']

/**
 * The bulk actions of a list's selection bar (`names`: the children's names), each the bulk action's
 * machine provided with its call (`loadRuns`: the actors of each, by name, from the service's
 * module), and `loadBulkCode`, which loads them: neither is in the list's first load, the list waits
 * for them when the dealer first runs one.
 */
export function deferredBulkActions<const Name extends string>(names: readonly Name[], loadRuns: () => Promise<Record<Name, BulkActionActors>>) {
  const code = loadOnce(() => Promise.all([import('../../machines/bulk-action.machine'), loadRuns()]))
  const deferred = names.map(
    (name) => [name, deferredLogic(() => code().then(([{ bulkActionMachine }, runs]) => bulkActionMachine.provide({ actors: runs[name] })))] as const,
  )
  return {
    ...(Object.fromEntries(deferred.map(([name, logic]) => [name, logic.logic])) as Record<Name, typeof bulkActionMachine>),
    loadBulkCode: fromPromise<void>(async () => {
      await Promise.all(deferred.map(([, logic]) => logic.load()))
    }),
  }
}
