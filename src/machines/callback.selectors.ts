import type { SnapshotFrom } from 'xstate'
import type { CallbackField, callbackMachine } from './callback.machine'
import type { shellMachine } from './shell.machine'

type CallbackSnapshot = SnapshotFrom<typeof callbackMachine>

/** What the frame shows of the shell's callback region: nothing, the loader, the code's failure or the form. */
export const callbackDialogViewOf = (shell: SnapshotFrom<typeof shellMachine>): 'closed' | 'loading' | 'failed' | 'open' => {
  if (shell.matches({ ready: { callback: 'loadingCode' } })) return 'loading'
  if (shell.matches({ ready: { callback: 'codeFailed' } })) return 'failed'
  return shell.matches({ ready: { callback: 'running' } }) ? 'open' : 'closed'
}

export const isCallbackSendingOf = (snapshot: CallbackSnapshot): boolean => snapshot.matches('sending')
export const isCallbackSentOf = (snapshot: CallbackSnapshot): boolean => snapshot.matches('sent')
/** the server's message while it is shown (2 s) */
export const callbackFailureOf = (snapshot: CallbackSnapshot): string | null => (snapshot.matches({ editing: 'failed' }) ? snapshot.context.message : null)
export const callbackValueOf = (field: CallbackField) => (snapshot: CallbackSnapshot) => snapshot.context.values[field]
export const callbackErrorOf = (field: CallbackField) => (snapshot: CallbackSnapshot) => snapshot.context.errors[field]
