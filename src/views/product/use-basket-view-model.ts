import { shallowEqual, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type { ActorRef, EventObject, Snapshot } from 'xstate'
import { isBasketClosedOf } from '../../machines/shell.selectors'
import { useShellActor } from '../layout/shell-context'

/**
 * As `useViewModel`, for a screen that also offers to fill the basket (orders' «Повторить», the
 * price list, favourites and needs): `connectState` is told whether the account may, as the
 * shell's access state says (issue 21, item 12: no basket controls where the basket is closed).
 */
export function useBasketViewModel<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject, TState extends object, TApi>(
  actor: ActorRef<TSnapshot, TEvent>,
  stateOf: (snapshot: TSnapshot) => TState,
  connectState: (state: TState, send: (event: TEvent) => void, canFillBasket: boolean) => TApi,
): TApi {
  const canFillBasket = !useSelector(useShellActor(), isBasketClosedOf)
  const state = useSelector(actor, stateOf, shallowEqual)
  return useMemo(() => connectState(state, (event) => actor.send(event), canFillBasket), [state, actor, connectState, canFillBasket])
}
