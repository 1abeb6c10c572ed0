import { addressFormMachine } from '../../machines/address-form.machine'
import { addressesMachine } from '../../machines/addresses.machine'
import { createAddressFormActors, createAddressesActors } from '../../services/addresses'
import type { AppWiring } from '../wiring/app-wiring'

/** The addresses screen's machine with its modal (the form and its suggestion stream), for the screen host. */
export const wireAddresses = ({ http }: AppWiring) =>
  addressesMachine.provide({
    actors: { ...createAddressesActors({ http }), addressForm: addressFormMachine.provide({ actors: createAddressFormActors({ http }) }) },
  })

/** /cabinet/addresses/ */
export { AddressesPage as AddressesRoute } from '../../views/addresses/addresses-page'
