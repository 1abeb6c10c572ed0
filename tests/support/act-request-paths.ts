import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { getShortestPaths, type StatePath } from 'xstate/graph'
import { ownEventTypes } from '../../scripts/machine-graph'
import type { ActContract } from '../../src/contract/acts'
import { actRequestMachine, type ActRequestContext } from '../../src/machines/act-request.machine'
// type-only: this module is also loaded by Playwright, where vitest must not be
import type { EventCases } from './path-testing'

export const BAD_PERIOD = 'Ошибка во временных периодах: дата начала периода больше или равна дате конца периода'
export const SERVER_REFUSAL = 'Сервис временно недоступен'

/**
 * What the dealer does in the request form, shared by the model test
 * (tests/model/act-request.test.ts) and the browser replay (tests/e2e/act-paths.spec.ts): the
 * second contract (same contragent), the third (another contragent), a start after the end, an
 * impossible date, and a good start.
 */
export const dealerActCases = (today: string, goodStart: string, otherContract: string): EventCases => ({
  'field.change': [
    { type: 'field.change', field: 'contract_id', value: otherContract },
    { type: 'field.change', field: 'startdate', value: today },
    { type: 'field.change', field: 'startdate', value: '31.02.2026' },
    { type: 'field.change', field: 'startdate', value: goodStart },
  ],
  'form.submit': [{ type: 'form.submit' }],
})

/** The server's answers to the request: the act, or a refusal with a Russian message. */
export const requestOutcomes = (act: unknown): EventCases => ({
  'xstate.done.actor.requestAct': [{ type: 'xstate.done.actor.requestAct', output: act }],
  'xstate.error.actor.requestAct': [{ type: 'xstate.error.actor.requestAct', error: new Error(SERVER_REFUSAL) }],
})

/** The graph key: the state, whether the form would pass, and the edge (so each transition has its path). */
export const actRequestKey = (value: unknown, fields: Record<string, string>, event?: AnyEventObject, prevValue?: unknown) => {
  const key = `${JSON.stringify(value)} ${JSON.stringify(fields)}`
  return event && prevValue !== undefined ? `${key} via ${event.type} from ${JSON.stringify(prevValue)}` : key
}

export type ActRequestPath = StatePath<AnyMachineSnapshot, AnyEventObject>

/**
 * The request form's shortest paths for the browser (tests/e2e/act-paths.spec.ts), one per
 * state and edge, without the ones that are the start of a longer one.
 */
export function actRequestBrowserPaths(options: { contracts: ActContract[]; today: string; goodStart: string; act: unknown }): ActRequestPath[] {
  const other = options.contracts[1]?.id ?? options.contracts[0]?.id ?? ''
  const cases: EventCases = { ...dealerActCases(options.today, options.goodStart, other), ...requestOutcomes(options.act) }
  const paths = getShortestPaths(actRequestMachine as AnyStateMachine, {
    input: { contracts: options.contracts, contract: '0', today: options.today },
    events: (snapshot) => ownEventTypes(snapshot).flatMap((type) => cases[type] ?? [{ type }]),
    serializeState: (state: AnyMachineSnapshot, event: AnyEventObject | undefined, prev?: AnyMachineSnapshot) =>
      actRequestKey(state.value, { ...(state.context as ActRequestContext).fields }, event, prev?.value),
    serializeEvent: (event) => JSON.stringify(event, (_, v: unknown) => (v instanceof Error ? v.message : v)),
  }) as ActRequestPath[]
  const keyOf = (path: ActRequestPath) => `${path.steps.map((step) => JSON.stringify(step.event.type + JSON.stringify(step.event))).join('|')}|`
  const keys = paths.map(keyOf)
  return paths.filter((_, index) => !keys.some((other, at) => at !== index && other.length > keys[index]!.length && other.startsWith(keys[index]!)))
}
