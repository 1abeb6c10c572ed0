import { basketMachine } from '../../machines/basket.machine'
import { checkoutMachine } from '../../machines/checkout.machine'
import { draftSaveMachine } from '../../machines/draft-save.machine'
import { warehouseMapMachine } from '../../machines/warehouse-map.machine'
import { createBasketPageActors, createUnsavedStore } from '../../services/basket'
import { createBasketTabs } from '../../services/basket-tabs'
import { createCheckoutActors, createWarehouseMapActors } from '../../services/checkout'
import { createDraftSaveActors } from '../../services/drafts'
import type { AppWiring } from './app-wiring'

/**
 * The basket machine with its real actors: the shell's child 'basket'. Imported by the composition
 * root when the cabinet frame first shows, so the basket's code is not in the first load.
 */
export function wireBasket({ http, tabStorage }: Pick<AppWiring, 'http' | 'tabStorage'>) {
  const tabs = createBasketTabs()
  const unsaved = createUnsavedStore(tabStorage)
  return basketMachine.provide({
    actors: {
      ...createBasketPageActors({ http, unsaved, tabs }),
      checkout: checkoutMachine.provide({ actors: createCheckoutActors({ http }) }),
      draftSave: draftSaveMachine.provide({ actors: createDraftSaveActors({ http }) }),
      warehouseMap: warehouseMapMachine.provide({ actors: createWarehouseMapActors({ http }) }),
    },
    actions: {
      notifyOtherTabs: (_, { contract }) => tabs.announce(contract),
      persistUnsaved: (_, { contract, unsaved: fields }) => unsaved.write(contract, fields),
    },
  })
}
