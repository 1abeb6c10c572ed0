import type { AnyStateMachine, AnyTransitionDefinition } from 'xstate'
import { eventLabel, nameOf } from '../machine-diagram'
import { allTransitions, targetsOf, transitionKey } from '../machine-graph'
import type { RecordedCase } from './recorded-cases'

/** A transition as the atlas links it: its place in `allTransitions` (the anchor) and its label. */
interface TransitionRef {
  index: number
  label: string
}

export interface WordedCase {
  number: number
  /** one sentence a step, from the transitions' descriptions */
  steps: string[]
  /** the state the case ends in, e.g. `cancelled` or `list.live, selection.none` */
  reaches: string
  covers: TransitionRef[]
}

/** `confirming → cancelling on cancel.confirm` */
function transitionName(machine: AnyStateMachine, t: AnyTransitionDefinition): string {
  return `${nameOf(t.source)} → ${targetsOf(t).map(nameOf).join(', ')} on ${eventLabel(machine, t)}`
}

/** `cancelled`; a nested value as its leaf states: `list.live.shown, selection.none` */
export function stateValueName(value: unknown, prefix = ''): string {
  if (typeof value === 'string') return `${prefix}${value}`
  if (!value || typeof value !== 'object') return prefix.replace(/\.$/, '') || '(initial)'
  return Object.entries(value)
    .map(([key, child]) => stateValueName(child, `${prefix}${key}.`))
    .join(', ')
}

const sentence = (text: string) => {
  const trimmed = text.replace(/\s+/g, ' ').trim()
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

/**
 * A generated path as a numbered test case in plain words: each step is the description of the
 * transition its event takes ("The dealer confirms, with or without a comment."), or, for a
 * transition without one, where it goes and on what. A step no transition takes says so.
 */
export function wordCase(machine: AnyStateMachine, recorded: RecordedCase, number: number): WordedCase {
  const transitions = allTransitions(machine)
  const byKey = new Map(transitions.map((t, index) => [transitionKey(t), { t, index }]))
  const covers: TransitionRef[] = []
  const steps = recorded.steps.map((step) => {
    const taken = step.transitions.flatMap((key) => byKey.get(key) ?? [])
    for (const { t, index } of taken) if (!covers.some((c) => c.index === index)) covers.push({ index, label: transitionName(machine, t) })
    if (!taken.length) return `${step.event} changes nothing.`
    return taken.map(({ t }) => sentence(t.description ?? `Goes ${transitionName(machine, t)}`)).join(' ')
  })
  return { number, steps, reaches: stateValueName(recorded.state), covers }
}
