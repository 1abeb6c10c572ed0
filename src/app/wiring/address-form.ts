import { addressFormMachine, type AddressFormInput } from '../../machines/address-form.machine'
import { createAddressFormActors } from '../../services/addresses'
import { canResume, persisted, type PersistOptions } from '../../services/persisted-logic'
import type { AppWiring } from './app-wiring'

/**
 * The modal «Адрес доставки» with its real actors (the save, the suggestion stream), kept in this
 * tab's storage under `storageKey` while it is open: after a reload the addresses screen opens it
 * again as it was (its suggestion stream starts afresh). Imported when the modal first opens, or
 * with the screen when a kept modal may resume, so it is not in the screen's first load.
 */
export function wireAddressForm({ http, tabStorage }: AppWiring, storageKey: string) {
  const form = addressFormMachine.provide({ actors: createAddressFormActors({ http }) })
  const keeping: PersistOptions<typeof form> = { key: () => storageKey, storage: tabStorage, restarts: ['suggest'] }
  return {
    logic: persisted(form, keeping),
    /** whether a modal kept in this tab resumes (one of this build's version, still valid) */
    canResume: () => canResume(form, keeping, { address: null } satisfies AddressFormInput),
  }
}
