import * as z from 'zod/mini'
import { intIn } from './catalogue'
import { lineText, REQUIRED_MESSAGE } from './common'
import { paginationSchema } from './catalogue'

/** The spec names no page size for addresses: 20 a page, as the acts and favourites. */
export const ADDRESSES_PER_PAGE = 20
const MAX_ADDRESSES_PER_PAGE = 100
const FULL_ADDRESS_MAX_LENGTH = 500
/** A Russian postal index: six digits (or none). */
const POSTINDEX_PATTERN = /^\d{6}$/

export const ADDRESS_MESSAGES = {
  fullAddressRequired: REQUIRED_MESSAGE,
  fullAddressTooLong: `Адрес не длиннее ${FULL_ADDRESS_MAX_LENGTH} символов`,
  badPostindex: 'Почтовый индекс — 6 цифр',
  notFound: 'Адрес не найден',
} as const

const addressSchema = z.object({ id: z.int(), full_address: z.string(), postindex: z.string() })
export type Address = z.infer<typeof addressSchema>

const fullAddressText = lineText(ADDRESS_MESSAGES.fullAddressRequired).check(
  z.minLength(1, ADDRESS_MESSAGES.fullAddressRequired),
  z.maxLength(FULL_ADDRESS_MAX_LENGTH, ADDRESS_MESSAGES.fullAddressTooLong),
)
const postindexText = lineText(ADDRESS_MESSAGES.badPostindex).check(
  z.refine((text) => text === '' || POSTINDEX_PATTERN.test(text), ADDRESS_MESSAGES.badPostindex),
)

/** PUT /api/address/{id}/ and POST /api/address/: the address and its postal index (6 digits or empty, none sent: empty). */
export const addressSaveRequestSchema = z.object({ full_address: fullAddressText, postindex: z._default(postindexText, '') })
export type AddressSaveRequest = z.input<typeof addressSaveRequestSchema>

/** PATCH: only the fields sent change. */
export const addressPatchRequestSchema = z.object({ full_address: z.optional(fullAddressText), postindex: z.optional(postindexText) })

/** GET /api/address/?page=&perpage= */
export const addressesQuerySchema = z.object({
  page: z._default(intIn(1, 1_000_000), 1),
  perpage: z._default(intIn(1, MAX_ADDRESSES_PER_PAGE), ADDRESSES_PER_PAGE),
})
export type AddressesQuery = z.output<typeof addressesQuerySchema>

/** The company's addresses, newest first; a page past the last is empty. */
export const addressesResponseSchema = z.object({
  addresses: z.array(addressSchema),
  count: z.int().check(z.nonnegative()),
  pagination: paginationSchema,
})
export type AddressesResponse = z.infer<typeof addressesResponseSchema>

export const addressSavedResponseSchema = z.object({ address: addressSchema })
export type AddressSavedResponse = z.infer<typeof addressSavedResponseSchema>

/** DELETE /api/address/{id}/: how many addresses the company has left. */
export const addressRemovedResponseSchema = z.object({ count: z.int().check(z.nonnegative()) })
export type AddressRemovedResponse = z.infer<typeof addressRemovedResponseSchema>

/** What the dealer gets wrong in the form, field by field (the server says the same with a 400). */
export interface AddressProblems {
  fullAddress: string | null
  postindex: string | null
}

export function addressProblems(fullAddress: string, postindex: string): AddressProblems {
  const address = fullAddress.trim()
  const index = postindex.trim()
  return {
    fullAddress:
      address === '' ? ADDRESS_MESSAGES.fullAddressRequired : address.length > FULL_ADDRESS_MAX_LENGTH ? ADDRESS_MESSAGES.fullAddressTooLong : null,
    postindex: index === '' || POSTINDEX_PATTERN.test(index) ? null : ADDRESS_MESSAGES.badPostindex,
  }
}
