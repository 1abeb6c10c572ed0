import { shallowEqual, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type { ActorRef, EventObject, Snapshot } from 'xstate'

/**
 * A screen's view-model from its actor: `stateOf` picks what the view-model reads (a flat object,
 * compared shallowly, so the screen renders only when one of its values changes) and
 * `connectState` turns it into the values and props the views show. Both are module-level
 * functions, unit-tested without React.
 */
export function useViewModel<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject, TState extends object, TApi>(
  actor: ActorRef<TSnapshot, TEvent>,
  stateOf: (snapshot: TSnapshot) => TState,
  connectState: (state: TState, send: (event: TEvent) => void) => TApi,
): TApi {
  const state = useSelector(actor, stateOf, shallowEqual)
  return useMemo(() => connectState(state, (event) => actor.send(event)), [state, actor, connectState])
}
