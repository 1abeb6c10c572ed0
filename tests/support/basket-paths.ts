import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate'
import { getShortestPaths, type StatePath } from 'xstate/graph'
import type { BasketData, LoadedBasket, SaveLineOutcome } from '../../src/contract/basket'
import { summaryOf } from '../../src/machines/basket-rules'
import { basketMachine, type BasketContext } from '../../src/machines/basket.machine'
// type-only: this module is also loaded by Playwright, where vitest must not be
import type { EventCases } from './path-testing'

/**
 * The basket's events a dealer causes on one line, shared by the model test
 * (tests/model/basket.test.ts) and the browser replay (tests/e2e/basket-paths.spec.ts).
 * `overStockText` is a quantity over the line's stock.
 */
export const dealerLineCases = (lineId: string, overStockText: string): EventCases => ({
  // within the stock, over it, zero, and not a number
  'line.input': ['03', overStockText, '0', 'abc'].map((text) => ({ type: 'line.input', lineId, text })),
  'line.commit': [{ type: 'line.commit', lineId }],
  'line.step': [
    { type: 'line.step', lineId, delta: 1 },
    { type: 'line.step', lineId, delta: -1 },
  ],
  'line.remove': [{ type: 'line.remove', lineId }],
})

export type BasketPath = StatePath<AnyMachineSnapshot, AnyEventObject>

/** The calls the page makes; a path's outcome event answers the one waiting. */
export const BASKET_CALLS = {
  loadBasket: '/api/getBasketData/',
  saveLine: '/api/processBasketUpdate/',
  clearBasket: '/api/clearBasket/',
} as const
export type BasketCall = keyof typeof BASKET_CALLS

export interface BrowserPathOptions {
  /** the basket as the server has it when the page opens */
  data: BasketData
  /** the line the dealer edits */
  lineId: string
  contract: string
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as BasketContext
const inSync = (snapshot: AnyMachineSnapshot, state: string) => snapshot.matches({ ready: { sync: state } })

/** The line's row is on the page while the basket holds it. */
export const hasLine = (snapshot: AnyMachineSnapshot, lineId: string) => contextOf(snapshot).data?.products[lineId] !== undefined

/** The stock notice shows beside its line while that line is on the page. */
export const showsNotice = (snapshot: AnyMachineSnapshot) => {
  const line = contextOf(snapshot).overStockLine
  return snapshot.matches({ ready: { notice: 'overStock' } }) && line !== null && hasLine(snapshot, line)
}

/**
 * What the dealer can do on the page in this state (a disabled or hidden control sends nothing;
 * the clear dialog is modal), and the answers of the call the page is waiting for.
 */
function browserEvents(snapshot: AnyMachineSnapshot, options: BrowserPathOptions, overStockText: string): AnyEventObject[] {
  const failure = new Error('Нет связи с сервером')
  if (snapshot.matches('loading')) {
    const loaded: LoadedBasket = { data: options.data, unsaved: {} }
    return [
      { type: 'xstate.done.actor.loadBasket', output: loaded },
      { type: 'xstate.error.actor.loadBasket', error: failure },
    ]
  }
  if (snapshot.matches('loadFailed')) return [{ type: 'basket.retry' }]
  if (inSync(snapshot, 'confirmingClear')) return [{ type: 'clear.confirm' }, { type: 'clear.cancel' }]
  if (inSync(snapshot, 'clearing')) {
    return [
      { type: 'xstate.done.actor.clearBasket', output: { basket: { count: 0, sum: 0 } } },
      { type: 'xstate.error.actor.clearBasket', error: failure },
    ]
  }
  const events: AnyEventObject[] = []
  if (inSync(snapshot, 'saving')) {
    const data = contextOf(snapshot).data ?? options.data
    const saved: SaveLineOutcome = { outcome: 'saved', basket: summaryOf(data) }
    events.push({ type: 'xstate.done.actor.saveLine', output: saved }, { type: 'xstate.error.actor.saveLine', error: failure })
  }
  if (hasLine(snapshot, options.lineId)) events.push(...Object.values(dealerLineCases(options.lineId, overStockText)).flat())
  if (showsNotice(snapshot)) events.push({ type: 'notice.dismiss' })
  if (inSync(snapshot, 'idle') && Object.keys(contextOf(snapshot).data?.products ?? {}).length > 0) events.push({ type: 'basket.clear' })
  if (inSync(snapshot, 'saveFailed') || inSync(snapshot, 'clearFailed')) events.push({ type: 'basket.retry' })
  return events
}

/** A quantity over the line's stock, as the dealer types it. */
export const overStockTextOf = (options: BrowserPathOptions) => String((options.data.products[options.lineId]?.product.quantity ?? 0) + 4)

/**
 * The shortest path to each state value of the basket a dealer can reach on /cart/ (one per
 * state), minus the paths another of them passes through whole.
 */
export function basketBrowserPaths(options: BrowserPathOptions): BasketPath[] {
  const overStockText = overStockTextOf(options)
  // the outcome events (xstate.done.actor.*) are not in the machine's own event union
  const paths = getShortestPaths(basketMachine as AnyStateMachine, {
    events: (snapshot: AnyMachineSnapshot) => browserEvents(snapshot, options, overStockText),
    // what the guards read besides the state: the line's field, the queue, the lines left
    serializeState: (snapshot: AnyMachineSnapshot) => {
      const context = contextOf(snapshot)
      const facts = [context.texts[options.lineId], Math.min(context.queue.length, 2), Object.keys(context.data?.products ?? {}).length]
      return JSON.stringify([snapshot.value, ...facts])
    },
    // the basket page is shown: its checkout and draft saving run beside the lines
    input: { contract: options.contract, isPageShown: true },
    limit: 20_000,
  }) as BasketPath[]
  // the shortest of the paths to each state value
  const shortest = new Map<string, BasketPath>()
  for (const path of paths) {
    const value = JSON.stringify(path.state.value)
    const known = shortest.get(value)
    if (!known || path.steps.length < known.steps.length) shortest.set(value, path)
  }
  const keyOf = (path: BasketPath) => path.steps.map((step) => JSON.stringify(step.event)).join('\n') + '\n'
  const kept: string[] = []
  return [...shortest.values()]
    .sort((a, b) => b.steps.length - a.steps.length)
    .filter((path) => {
      const key = keyOf(path)
      if (kept.some((longer) => longer.startsWith(key))) return false
      kept.push(key)
      return true
    })
    .reverse()
}

/**
 * Every state value the basket machine has on its page (the parallel regions' leaves multiplied;
 * the page region is always `shown` there).
 */
export function basketStateValueCount(): number {
  const count = (node: AnyStateNode): number => {
    const children = Object.values(node.states)
    if (children.length === 0 || node.key === 'page') return 1
    if (node.type === 'parallel') return children.reduce((product, child) => product * count(child), 1)
    return children.reduce((sum, child) => sum + count(child), 0)
  }
  return count(basketMachine.root)
}
