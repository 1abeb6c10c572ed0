import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'
import {
  addressesQuerySchema,
  addressPatchRequestSchema,
  addressSaveRequestSchema,
  type AddressRemovedResponse,
  type AddressSavedResponse,
} from '../../src/contract/addresses'
import { idNumber } from '../../src/contract/catalogue'
import { addressSuggestQuerySchema, nameSuggestQuerySchema, type Suggestion } from '../../src/contract/suggestions'
import { createAddress, findOwnAddress, listAddresses, removeAddress, updateAddress } from '../addresses/address-book'
import { suggestAddresses, suggestNames } from '../addresses/suggestions'
import { requireAccount, signedInUser } from '../auth/require-account'
import type { AppDeps } from '../deps'
import { describeIssue, parseInput, parseParams, parseQuery, type DescribeIssue } from '../validation'

/** The form's own messages (the spec's required text, the postal index) reach the user as they are. */
const fieldMessage: DescribeIssue = (issue) => (issue.code === 'invalid_type' ? describeIssue(issue) : issue.message)

const addressIdParams = z.object({ id: idNumber })

/**
 * The company's delivery addresses (spec §7 "/api/address/{id}: query, save, delete"): the list,
 * one address, a new one, a change (PUT all fields, PATCH some) and a removal. The POST with a body
 * `method` (put, update, del) reaches the same handlers through the generic resource route.
 */
export function registerAddressRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }
  const customerOf = (request: FastifyRequest) => signedInUser(request).customer_id
  /** the address named by the path's id: 400 for a malformed id, 404 unless it is the company's own */
  const ownAddress = (request: FastifyRequest) => findOwnAddress(db, customerOf(request), parseParams(addressIdParams, request).id)

  app.get('/api/address/', guarded, async (request) => listAddresses(db, customerOf(request), parseQuery(addressesQuerySchema, request)))

  app.post('/api/address/', guarded, async (request): Promise<AddressSavedResponse> => {
    const fields = parseInput(addressSaveRequestSchema, request.body, fieldMessage)
    return { address: await createAddress(db, customerOf(request), fields) }
  })

  app.get('/api/address/:id/', guarded, async (request): Promise<AddressSavedResponse> => ({ address: await ownAddress(request) }))

  app.put('/api/address/:id/', guarded, async (request): Promise<AddressSavedResponse> => {
    const address = await ownAddress(request)
    return { address: await updateAddress(db, customerOf(request), address, parseInput(addressSaveRequestSchema, request.body, fieldMessage)) }
  })

  app.patch('/api/address/:id/', guarded, async (request): Promise<AddressSavedResponse> => {
    const address = await ownAddress(request)
    return { address: await updateAddress(db, customerOf(request), address, parseInput(addressPatchRequestSchema, request.body ?? {}, fieldMessage)) }
  })

  app.delete('/api/address/:id/', guarded, async (request): Promise<AddressRemovedResponse> => {
    const address = await ownAddress(request)
    return { count: await removeAddress(db, customerOf(request), address) }
  })

  const suggestDeps = { db, config: deps.config.suggestions }

  app.get('/api/suggest/address/', guarded, async (request): Promise<Suggestion[]> => {
    const { query } = parseQuery(addressSuggestQuerySchema, request, fieldMessage)
    return suggestAddresses(suggestDeps, customerOf(request), query)
  })

  app.get('/api/suggest/name/', guarded, async (request): Promise<Suggestion[]> => {
    const { query, part } = parseQuery(nameSuggestQuerySchema, request, fieldMessage)
    return suggestNames(suggestDeps, customerOf(request), query, part)
  })
}
