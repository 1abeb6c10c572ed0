import {
  getStateNodes,
  StateMachine,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type StateValue,
} from 'xstate'

/**
 * Read-only views of a machine's definition, shared by the diagram renderer and the path
 * coverage recorder so both name states and transitions the same way.
 */

/** Every state node below the root, depth first in definition order. History nodes are left
 * out: an actor is never "in" one. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const walk = (node: AnyStateNode): AnyStateNode[] => childrenOf(node).flatMap((child) => [child, ...walk(child)])
  return walk(machine.root)
}

export function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).filter((child) => child.type !== 'history')
}

/** The node's own transitions: `on`, onDone, invoke onDone/onError/onSnapshot, `after`, then
 * `always`. Forbidden transitions (no target, no actions) are left out: they never do anything. */
function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  const all = [...node.transitions.values()].flat().concat(node.always ?? [])
  return all.filter((t) => t.target?.length || t.actions.length || t.reenter)
}

export function allTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...stateNodesOf(machine)].flatMap(transitionsOf)
}

/** `always` transitions have the empty event type. */
export const isAlways = (t: AnyTransitionDefinition) => t.eventType === ''

/** The states a transition enters; a targetless one stays in its source. */
export function targetsOf(t: AnyTransitionDefinition): AnyStateNode[] {
  return t.target?.length ? [...t.target] : [t.source]
}

/** `source#event [guard]→target(s)`: one key per transition, stable across `.provide()`. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const guard = guardLabel(t.guard)
  const event = isAlways(t) ? '(always)' : String(t.eventType)
  return `${t.source.id}#${event}${guard ? ` [${guard}]` : ''}→${targetsOf(t)
    .map((n) => n.id)
    .join(',')}`
}

export function guardLabel(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') {
    const fn = guard as { name: string; guards?: unknown[]; stateValue?: unknown }
    if (fn.guards) return `${fn.name}(${fn.guards.map(guardLabel).join(', ')})`
    if ('stateValue' in fn) return `stateIn(${JSON.stringify(fn.stateValue)})`
    return 'inline'
  }
  if (typeof guard === 'object' && 'type' in guard) return String(guard.type)
  return 'inline'
}

export function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action
  if (typeof action === 'function') {
    const type = (action as { type?: unknown }).type
    return typeof type === 'string' ? type.replace(/^xstate\./, '') : 'inline'
  }
  if (action && typeof action === 'object' && 'type' in action) return String(action.type)
  return 'inline'
}

/** Invoked actors of a state: id and the `src` name (`inline` for logic given in place). */
export function invokesOf(node: AnyStateNode): Array<{ id: string; src: string }> {
  return node.invoke.map((def) => ({
    id: def.id,
    src: typeof def.src === 'string' && !def.src.startsWith('xstate.invoke.') ? def.src : 'inline',
  }))
}

export function isStateMachine(value: unknown): value is AnyStateMachine {
  return value instanceof StateMachine
}

/** The state nodes a snapshot is in, root included, in document order (xstate's public `getStateNodes`). */
export function activeStateNodes(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return [...new Set(getStateNodes(machine.root, snapshot.value as StateValue))].sort((a, b) => a.order - b.order)
}

/** The event types the snapshot's state nodes have transitions for (`StateNode.ownEvents`, inert ones left out). */
export function ownEventTypes(snapshot: AnyMachineSnapshot): string[] {
  return [...new Set(activeStateNodes(snapshot.machine, snapshot).flatMap((node) => node.ownEvents as string[]))]
}
