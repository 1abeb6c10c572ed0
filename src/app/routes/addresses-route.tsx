import type { addressFormMachine } from '../../machines/address-form.machine'
import { addressesMachine } from '../../machines/addresses.machine'
import { createAddressesActors } from '../../services/addresses'
import type { AppWiring } from '../wiring/app-wiring'
import { deferredLogic, loadCodeOf, loadOnce } from '../wiring/deferred-logic'

/** this tab's open address modal (one at a time) */
const ADDRESS_FORM_STORAGE_KEY = 'cabinet.addressForm'

/**
 * The addresses screen's machine with its modal, for the screen host. The modal's code (the form,
 * its suggestion stream, the keeping in this tab's storage) loads when it first opens; when this tab
 * kept an open modal, it loads with the screen, so the screen knows at once whether it opens again.
 */
export async function wireAddresses(wiring: AppWiring) {
  const formCode = loadOnce(() => import('../wiring/address-form').then((module) => module.wireAddressForm(wiring, ADDRESS_FORM_STORAGE_KEY)))
  const form = deferredLogic<typeof addressFormMachine>(() => formCode().then((code) => code.logic))
  const kept = wiring.tabStorage.read(ADDRESS_FORM_STORAGE_KEY) === null ? null : await formCode().catch(() => null)
  if (kept) await form.load()
  return addressesMachine.provide({
    actors: { ...createAddressesActors(wiring), addressForm: form.logic, loadFormCode: loadCodeOf(form) },
    guards: { hasFormToResume: () => kept?.canResume() ?? false },
  })
}

/** /cabinet/addresses/ */
export { AddressesPage as AddressesRoute } from '../../views/addresses/addresses-page'
