import { codeStates } from './lazy-logic'

/**
 * A list that runs a child whose code is not in its first load (the bulk action, an order's cancel
 * and repeat) waits for the code in a state of its own, tagged for its view. Bundled with the
 * lists' selection bar (the row-actions chunk), not in the start's code.
 */
export interface ChildCodeOptions<Src extends string, CloseEvent extends string> {
  /** whose code it is, as the descriptions name it ("The bulk action's") */
  whose: string
  /** the promise logic that resolves once the code is there (its invoke id too) */
  load: Src
  messages: { loading: string; failed: string }
  /** the tags views read to show the wait and the failure */
  tags: { loading: string; failed: string }
  /** the event of «Закрыть» on the failure's message */
  closeEvent: CloseEvent
}

/**
 * `{state}CodeLoading` → `state` (or `{state}CodeFailed`, left by `close` on the options'
 * `closeEvent`, the machine's own transition back when the dealer closes the message), beside the
 * machine's state `state` that runs the child.
 */
export function childCodeStates<const State extends string, const Src extends string, const CloseEvent extends string, const Close extends object>(
  state: State,
  options: ChildCodeOptions<Src, CloseEvent>,
  close: Close,
) {
  const failedState = `${state}CodeFailed` as const
  const { loadingCode, codeFailed } = codeStates({
    loading: { description: `${options.whose} code loads (it is not in the first load): "${options.messages.loading}"` },
    load: { src: options.load },
    loaded: { target: state, description: `${options.whose} code is there` },
    failed: { description: `"${options.messages.failed}" with «Закрыть»` },
  })
  const loading = {
    ...loadingCode,
    tags: [options.tags.loading],
    invoke: { ...loadingCode.invoke, onError: { ...loadingCode.invoke.onError, target: failedState } },
  }
  const failed = { description: codeFailed.description, tags: [options.tags.failed], on: { [options.closeEvent]: close } as Record<CloseEvent, Close> }
  return { [`${state}CodeLoading`]: loading, [failedState]: failed } as Record<`${State}CodeLoading`, typeof loading> &
    Record<`${State}CodeFailed`, typeof failed>
}

/** Whether a child's code is loading or failed to load, read from the tags of the machine that waits for it. */
export const codeStatusOf =
  (tags: { loading: string; failed: string }) =>
  (snapshot: { hasTag: (tag: string) => boolean }): 'loading' | 'failed' | null => {
    if (snapshot.hasTag(tags.loading)) return 'loading'
    return snapshot.hasTag(tags.failed) ? 'failed' : null
  }
