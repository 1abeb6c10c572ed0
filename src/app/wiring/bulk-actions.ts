import { fromPromise } from 'xstate'
import type { bulkActionMachine } from '../../machines/bulk-action.machine'
import { deferredLogic, loadOnce } from './deferred-logic'

type BulkActionActors = Parameters<typeof bulkActionMachine.provide>[0]['actors']

/**
 * The bulk actions of a list's selection bar, each the bulk action's machine provided with its call
 * (`runs`: the actors of each, by the child's name), and `loadBulkCode`, which loads their code: it
 * is not in the list's first load, the list waits for it when the dealer first runs one.
 */
export function deferredBulkActions<const Name extends string>(runs: Record<Name, BulkActionActors>) {
  const code = loadOnce(() => import('../../machines/bulk-action.machine'))
  const deferred = Object.entries<BulkActionActors>(runs).map(
    ([name, actors]) => [name, deferredLogic(() => code().then(({ bulkActionMachine }) => bulkActionMachine.provide({ actors })))] as const,
  )
  return {
    ...(Object.fromEntries(deferred.map(([name, logic]) => [name, logic.logic])) as Record<Name, typeof bulkActionMachine>),
    loadBulkCode: fromPromise<void>(async () => {
      await Promise.all(deferred.map(([, logic]) => logic.load()))
    }),
  }
}
