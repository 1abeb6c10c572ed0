import { addressFormMachine, type AddressFormInput } from '../../machines/address-form.machine'
import { addressesMachine } from '../../machines/addresses.machine'
import { createAddressFormActors, createAddressesActors } from '../../services/addresses'
import { canResume, persisted, type PersistOptions } from '../../services/persisted-logic'
import type { AppWiring } from '../wiring/app-wiring'

/** this tab's open address modal (one at a time) */
const ADDRESS_FORM_STORAGE_KEY = 'cabinet.addressForm'

/**
 * The addresses screen's machine with its modal (the form and its suggestion stream), for the
 * screen host. The modal is kept in this tab's storage while it is open: after a reload the
 * addresses screen opens it again as it was (its suggestion stream starts afresh).
 */
export const wireAddresses = ({ http, tabStorage }: AppWiring) => {
  const form = addressFormMachine.provide({ actors: createAddressFormActors({ http }) })
  const keeping: PersistOptions<typeof form> = { key: () => ADDRESS_FORM_STORAGE_KEY, storage: tabStorage, restarts: ['suggest'] }
  return addressesMachine.provide({
    actors: { ...createAddressesActors({ http }), addressForm: persisted(form, keeping) },
    guards: { hasFormToResume: () => canResume(form, keeping, { address: null } satisfies AddressFormInput) },
  })
}

/** /cabinet/addresses/ */
export { AddressesPage as AddressesRoute } from '../../views/addresses/addresses-page'
