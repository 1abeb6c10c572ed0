import { managerEditingMachine } from '../../machines/manager-editing.machine'
import { managersMachine } from '../../machines/managers.machine'
import { createManagerEditingActors, createManagersActors } from '../../services/managers'
import type { AppWiring } from '../wiring/app-wiring'

/** The managers screen's machine with its form, for the screen host. */
export const wireManagers = ({ http }: AppWiring) =>
  managersMachine.provide({
    actors: { ...createManagersActors({ http }), managerEditing: managerEditingMachine.provide({ actors: createManagerEditingActors({ http }) }) },
  })

/** /cabinet/managers/ */
export { ManagersPage as ManagersRoute } from '../../views/managers/managers-page'
