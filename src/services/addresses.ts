import { fromPromise } from 'xstate'
import {
  ADDRESSES_PER_PAGE,
  addressesResponseSchema,
  addressRemovedResponseSchema,
  addressSavedResponseSchema,
  type Address,
  type AddressSaveRequest,
} from '../contract/addresses'
import type { Http } from './http'
import { requestAddressSuggestions, suggestionsLogic } from './suggestions'

/** POST /api/address/ for a new address, POST /api/address/{id}/ {method: "put"} for a change (spec §7's generic resource). */
async function saveAddress(http: Http, input: { id: number | null; address: AddressSaveRequest }, signal: AbortSignal): Promise<Address> {
  const answer =
    input.id === null
      ? await http.call('address', input.address, addressSavedResponseSchema, signal)
      : await http.mutate('address', input.id, 'put', input.address, addressSavedResponseSchema, signal)
  return answer.address
}

/** The modal «Адрес доставки»: the suggestion stream and the save. */
export const createAddressFormActors = (deps: { http: Http }) => ({
  suggest: suggestionsLogic(requestAddressSuggestions(deps.http)),
  saveAddress: fromPromise(({ input, signal }: { input: { id: number | null; address: AddressSaveRequest }; signal: AbortSignal }) =>
    saveAddress(deps.http, input, signal),
  ),
})

/** The addresses page: GET /api/address/?page=&perpage=20, and POST /api/address/{id}/ {method: "del"} to remove one. */
export const createAddressesActors = (deps: { http: Http }) => ({
  loadPage: fromPromise(({ input, signal }: { input: { page: number }; signal: AbortSignal }) =>
    deps.http.get('address', undefined, addressesResponseSchema, { page: input.page, perpage: ADDRESSES_PER_PAGE }, signal),
  ),
  removeAddress: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) =>
    deps.http.mutate('address', input.id, 'del', {}, addressRemovedResponseSchema, signal),
  ),
})
