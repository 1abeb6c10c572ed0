import { managerEditingMachine } from '../../machines/manager-editing.machine'
import { managersMachine } from '../../machines/managers.machine'
import { pricePolicyMachine } from '../../machines/price-policy.machine'
import { createManagerEditingActors, createManagersActors } from '../../services/managers'
import { createPricePolicyActors } from '../../services/price-policy'
import type { AppWiring } from '../wiring/app-wiring'

/** The managers screen's machine with its form and its price policy modal, for the screen host. */
export const wireManagers = ({ http }: AppWiring) =>
  managersMachine.provide({
    actors: {
      ...createManagersActors({ http }),
      managerEditing: managerEditingMachine.provide({ actors: createManagerEditingActors({ http }) }),
      pricePolicy: pricePolicyMachine.provide({ actors: createPricePolicyActors({ http }) }),
    },
  })

/** /cabinet/managers/ */
export { ManagersPage as ManagersRoute } from '../../views/managers/managers-page'
