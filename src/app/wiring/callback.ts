import { callbackMachine } from '../../machines/callback.machine'
import { createCallbackActors } from '../../services/callback'
import type { AppWiring } from './app-wiring'

/** The callback dialog's machine with its real call; imported when the dealer first opens it, so it is not in the first load. */
export const wireCallback = ({ http }: AppWiring) => callbackMachine.provide({ actors: createCallbackActors({ http }) })
