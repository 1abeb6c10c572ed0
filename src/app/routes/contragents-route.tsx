import { contragentFormMachine } from '../../machines/contragent-form.machine'
import { contragentsMachine } from '../../machines/contragents.machine'
import { createContragentFormActors, createContragentsActors } from '../../services/contragents'
import type { AppWiring } from '../wiring/app-wiring'

/** The contragents screen's machine with its add modal, for the screen host. */
export const wireContragents = ({ http }: AppWiring) =>
  contragentsMachine.provide({
    actors: { ...createContragentsActors({ http }), contragentForm: contragentFormMachine.provide({ actors: createContragentFormActors({ http }) }) },
  })

/** /cabinet/contragents/ */
export { ContragentsPage as ContragentsRoute } from '../../views/contragents/contragents-page'
