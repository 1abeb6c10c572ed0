import { awaitBasketSaved } from '../../machines/basket-saved'
import { basketMachine } from '../../machines/basket.machine'
import { checkoutMachine } from '../../machines/checkout.machine'
import { draftSaveMachine } from '../../machines/draft-save.machine'
import { warehouseMapMachine } from '../../machines/warehouse-map.machine'
import { createBasketPageActors, createUnsavedStore } from '../../services/basket'
import { createBasketTabs } from '../../services/basket-tabs'
import { createCheckoutActors, createWarehouseMapActors } from '../../services/checkout'
import { createClockActors } from '../../services/clock'
import { createDraftSaveActors } from '../../services/drafts'
import { persisted } from '../../services/persisted-logic'
import type { AppWiring } from './app-wiring'

/**
 * The basket machine with its real actors: the shell's child 'basket'. Imported by the composition
 * root when the cabinet frame first shows, so the basket's code is not in the first load. What the
 * dealer typed and has not saved outlives a reload of the tab: the quantities (the unsaved store,
 * sent once the basket is loaded again) and the draft's name while its dialog is open.
 */
export function wireBasket({ http, tabStorage }: Pick<AppWiring, 'http' | 'tabStorage'>) {
  const tabs = createBasketTabs()
  const unsaved = createUnsavedStore(tabStorage)
  return basketMachine.provide({
    actors: {
      ...createBasketPageActors({ http, unsaved, tabs }),
      checkout: checkoutMachine.provide({ actors: { ...createCheckoutActors({ http }), awaitBasketSaved } }),
      // the name being typed outlives a reload of the tab, per contract; closed or saved, nothing is kept;
      // the default name's time comes from the system clock; the draft waits for the quantities typed before
      draftSave: persisted(
        draftSaveMachine.provide({ actors: { ...createDraftSaveActors({ http }), readClock: createClockActors().readClock, awaitBasketSaved } }),
        {
          key: ({ contract }) => `cabinet.draftSave.${contract}`,
          storage: tabStorage,
          mask: ['draft'],
          isAtRest: (snapshot) => snapshot.matches('closed') || snapshot.matches('saved'),
        },
      ),
      warehouseMap: warehouseMapMachine.provide({ actors: createWarehouseMapActors({ http }) }),
    },
    actions: {
      notifyOtherTabs: (_, { contract }) => tabs.announce(contract),
      persistUnsaved: (_, { contract, unsaved: fields }) => unsaved.write(contract, fields),
    },
  })
}
