/**
 * Logic whose code is not in the first load (the basket, the header search, a screen, a signed-out
 * form) runs in three states: `loadingCode` waits for a promise that resolves once the code is
 * there, `codeFailed` says it did not come (and may try again on an event), and `running` invokes
 * the logic. The names given here stay literal types (`const` type parameters), so the machine's
 * own typing still checks every `src`, `id` and `input` against its actors.
 */

/** `{ input }` when there is one: xstate requires it of logic that takes input, and refuses it otherwise. */
type InputPart<Input> = [Input] extends [undefined] ? Record<never, never> : { input: Input }
const inputPart = <Input>(input: Input) => (input === undefined ? {} : { input }) as InputPart<Input>

export interface CodeStatesOptions<Src extends string, Id extends string, Input, Next extends string, Retry extends string> {
  /** what the page shows while the code loads (`description`: written out, the build drops it) */
  loading: { description: string }
  /** the promise logic that resolves once the code is there; its invoke id is `id`, else its name */
  load: { src: Src; id?: Id; input?: Input }
  /** where the code being there leads (default `running`), and what its arrival brings */
  loaded?: { target?: Next; description?: string }
  /** what `codeFailed` shows */
  failed: { description: string }
  /** the event that loads the code again from `codeFailed`; without it the state waits to be left */
  retry?: { event: Retry; description: string }
}

/** `loadingCode` and `codeFailed`: the wait for the code, for a machine that goes on by itself (the screen host). */
export function codeStates<
  const Src extends string,
  const Id extends string = Src,
  const Input = undefined,
  const Next extends string = 'running',
  const Retry extends string = never,
>(options: CodeStatesOptions<Src, Id, Input, Next, Retry>) {
  const { load, loaded = {}, retry } = options
  return {
    loadingCode: {
      description: options.loading.description,
      invoke: {
        id: (load.id ?? load.src) as Id,
        src: load.src,
        ...inputPart(load.input as Input),
        onDone: loaded.description
          ? { target: (loaded.target ?? 'running') as Next, description: loaded.description }
          : { target: (loaded.target ?? 'running') as Next, description: 'The code is there' },
        onError: { target: 'codeFailed' as const, description: 'The code did not load (offline, a new release)' },
      },
    },
    codeFailed: {
      description: options.failed.description,
      ...(retry ? { on: { [retry.event]: { target: 'loadingCode', description: retry.description } } } : {}),
    } as { description: string; on?: Record<Retry, { target: 'loadingCode'; description: string }> },
  }
}

export interface RunOptions<Name extends string, Input> {
  /** the logic's name: its `src`, its invoke id and its systemId */
  name: Name
  description: string
  input?: Input
}

/**
 * `loadingCode` → `running` (or `codeFailed`): the logic `run.name` runs as the child and systemId
 * of that name once its code is there. A machine that handles events while it runs spreads
 * `running` into a state of its own with its `on`.
 */
export function lazyLogicStates<
  const Name extends string,
  const Src extends string,
  const Id extends string = Src,
  const Input = undefined,
  const RunInput = undefined,
  const Retry extends string = never,
>(options: Omit<CodeStatesOptions<Src, Id, Input, 'running', Retry>, 'loaded'> & { loaded?: { description: string }; run: RunOptions<Name, RunInput> }) {
  const { run } = options
  return {
    ...codeStates<Src, Id, Input, 'running', Retry>(options),
    running: {
      description: run.description,
      invoke: { id: run.name, src: run.name, systemId: run.name, ...inputPart(run.input as RunInput) },
    },
  }
}
