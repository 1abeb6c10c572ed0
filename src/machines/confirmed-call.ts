/**
 * The "confirm → call → done/failed" block, written once (ARCHITECTURE §3: repeated shapes are
 * one piece). A machine spreads the state nodes these factories return into its `states`; it
 * keeps its own state names, event names and descriptions, which the factories take as
 * parameters, so views, selectors, replays and diagrams see the same machine as before.
 *
 * Both factories take the machine's `setup()` result first: the invoke, guards and actions they
 * are given are then typed against that machine's actors, events, guards and actions, just as
 * if they stood inside its `createMachine` (an unknown `src` or action name does not compile),
 * and the state names stay string literals, so the machine's state value type keeps them.
 */

/** What `setup()` returns, as far as these factories need it. */
interface MachineSetup {
  createStateConfig: (config: never) => unknown
}

/** A state node config typed for the machine of `TSetup`. */
type StateConfigOf<TSetup extends MachineSetup> = Parameters<TSetup['createStateConfig']>[0]

/** One invoke of that machine: `src` must be one of its actors, `onDone` sees that actor's output. */
type InvokeOf<TSetup extends MachineSetup> = Exclude<NonNullable<StateConfigOf<TSetup>['invoke']>, readonly unknown[]>

/** An event type of that machine. */
type EventTypeOf<TSetup extends MachineSetup> = keyof NonNullable<StateConfigOf<TSetup>['on']> & string

/** Actions by name (or with params) of that machine. */
type ActionsOf<TSetup extends MachineSetup> = StateConfigOf<TSetup>['entry']

/** A guard by name (or with params) of that machine. */
type GuardOf<TSetup extends MachineSetup> = Extract<NonNullable<StateConfigOf<TSetup>['always']>, { guard?: unknown }>['guard']

/** A state without child states: its name is a leaf of the machine's state value. */
type LeafOf<TSetup extends MachineSetup> = Omit<StateConfigOf<TSetup>, 'states' | 'initial' | 'type'>

/** A transition the dealer causes: the event, what the diagram says of it, its actions. */
interface Step<TSetup extends MachineSetup> {
  event: EventTypeOf<TSetup>
  description: string
  actions?: ActionsOf<TSetup>
}

/** A step that leaves the block for a state of the machine's own. */
interface Exit<TSetup extends MachineSetup> extends Step<TSetup> {
  target: string
}

/** The state that runs the call: its description and its invoke (src, id, input, onDone, onError). */
interface Call<TSetup extends MachineSetup, TCalling extends string> {
  state: TCalling
  description: string
  invoke: InvokeOf<TSetup>
}

export interface ConfirmedCallParams<TSetup extends MachineSetup, TAsking extends string, TCalling extends string, TFailed extends string> {
  /** The question with its two buttons: `confirm` starts the call, `cancel` leaves. */
  ask: { state: TAsking; description: string; confirm: Step<TSetup>; cancel: Exit<TSetup> }
  call: Call<TSetup, TCalling>
  /** The failure message, when the block has its own (the invoke's onError targets it): `retry` calls again, `dismiss` leaves. */
  failed?: { state: TFailed; description: string; retry?: Step<TSetup>; dismiss: Exit<TSetup> }
}

const transition = <TSetup extends MachineSetup>({ event, ...rest }: Step<TSetup>, target: string) => [event, { target, ...rest }] as const

/**
 * A confirmation, the call it confirms and (optionally) the failure that call can end in:
 * ask —confirm→ call —onDone/onError→ (the invoke's targets); ask —cancel→ out;
 * failed —retry→ call; failed —dismiss→ out.
 */
export function confirmedCall<TSetup extends MachineSetup, const TAsking extends string, const TCalling extends string, const TFailed extends string = never>(
  machineSetup: TSetup,
  { ask, call, failed }: ConfirmedCallParams<TSetup, TAsking, TCalling, TFailed>,
): Record<NoInfer<TAsking | TCalling | TFailed>, LeafOf<TSetup>> {
  const nodes: Record<string, unknown> = {
    [ask.state]: {
      description: ask.description,
      on: Object.fromEntries([transition(ask.confirm, call.state), transition(ask.cancel, ask.cancel.target)]),
    },
    [call.state]: { description: call.description, invoke: call.invoke },
  }
  if (failed) {
    const steps = [...(failed.retry ? [transition(failed.retry, call.state)] : []), transition(failed.dismiss, failed.dismiss.target)]
    nodes[failed.state] = { description: failed.description, on: Object.fromEntries(steps) }
  }
  return configsOf(machineSetup, nodes)
}

export interface SubmittedFormParams<TSetup extends MachineSetup, TForm extends string, TMessage extends string, TCalling extends string> {
  form: {
    state: TForm
    description: string
    /** The dealer submits a complete form (`guard`): the call starts */
    submit: Step<TSetup> & { guard: GuardOf<TSetup> }
    /** The dealer submits an incomplete form: no call, the message state `state` instead */
    incomplete: { state: NoInfer<TMessage>; description: string; actions?: ActionsOf<TSetup> }
    /** The state with no message, the form's initial one */
    idle: { description: string }
    /** The states that show a message (empty fields, the server's refusal, a failure) */
    messages: Record<TMessage, { description: string; entry?: ActionsOf<TSetup> }>
    /** The dealer types again: every message state goes back to `idle` */
    edit: Step<TSetup>
  }
  call: Call<TSetup, TCalling>
}

/**
 * A form whose submit runs a call: the form (idle, or showing a message, which the dealer's
 * typing clears), submit —guard→ call, submit → the incomplete message, and the call. The
 * call's onDone/onError decide where it ends (a message state of the form, or past the form).
 */
export function submittedForm<TSetup extends MachineSetup, const TForm extends string, const TMessage extends string, const TCalling extends string>(
  machineSetup: TSetup,
  { form, call }: SubmittedFormParams<TSetup, TForm, TMessage, TCalling>,
): Record<NoInfer<TForm>, LeafOf<TSetup> & { initial: 'idle'; states: Record<'idle' | NoInfer<TMessage>, LeafOf<TSetup>> }> &
  Record<NoInfer<TCalling>, LeafOf<TSetup>> {
  const [editEvent, editAgain] = transition(form.edit, 'idle')
  const [submitEvent, submit] = transition(form.submit, call.state)
  const { state: incomplete, ...notComplete } = form.incomplete
  const messages = Object.entries<{ description: string; entry?: unknown }>(form.messages).map(([name, { description, entry }]): [string, unknown] => [
    name,
    { description, ...(entry === undefined ? {} : { entry }), on: { [editEvent]: editAgain } },
  ])
  return configsOf(machineSetup, {
    [form.state]: {
      description: form.description,
      initial: 'idle',
      on: { [submitEvent]: [submit, { target: `.${incomplete}`, ...notComplete }] },
      states: { idle: { description: form.idle.description }, ...Object.fromEntries(messages) },
    },
    [call.state]: { description: call.description, invoke: call.invoke },
  })
}

/** The nodes through the machine's own `createStateConfig` (an identity at run time), as the declared type. */
function configsOf<TNodes>(machineSetup: MachineSetup, nodes: Record<string, unknown>): TNodes {
  const createStateConfig = machineSetup.createStateConfig as (config: unknown) => unknown
  return Object.fromEntries(Object.entries(nodes).map(([name, node]) => [name, createStateConfig(node)])) as TNodes
}
