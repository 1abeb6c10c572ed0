import type { Warehouse } from '../../src/contract/account'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { CATALOGUE_DEFAULTS, CATALOGUE_MESSAGES } from '../../src/contract/catalogue'
import { applyPricePolicy, CONTRACT_PRICE_POLICY, PRICE_POLICY_TYPES, type PricePolicy } from '../../src/contract/price-policy'
import { MAIN_ACCOUNT_TYPE, allowedContractsPriced, selectedContractId } from '../auth/contract-access'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'
import { listWarehouses } from './warehouses'

/** How a login's prices are made: the contract's multiplier, then the login's price policy. */
export interface Pricing {
  /** the contract's multiplier of the base price list */
  factor: number
  /** the signed-in login's price policy (issue 22); a main account's is always the contract price */
  policy: PricePolicy
}

export interface PriceContract extends Pricing {
  id: number
}

/** Roubles with kopecks: the dealer's price of a base price under a contract. */
export const contractPrice = (basePrice: number, factor: number) => Math.round(basePrice * factor * 100) / 100

/**
 * The price policy of a signed-in login, as its row says it on this very request (so a change
 * applies on the next one): a main account always sees the contract price.
 */
export function pricePolicyOf(user: Pick<SessionUser, 'type_id' | 'price_policy' | 'price_markup'>): PricePolicy {
  if (user.type_id === MAIN_ACCOUNT_TYPE) return CONTRACT_PRICE_POLICY
  const type = PRICE_POLICY_TYPES.find((known) => known === user.price_policy) ?? 'contract'
  return { type, markup: type === 'markup' ? Number(user.price_markup) : 0 }
}

/** The price a login is shown (and orders at) for a product row: the contract price, then the policy. */
export const shownPrice = (pricing: Pricing, row: { price: number; price_rrc: number }): number =>
  applyPricePolicy(pricing.policy, { price: contractPrice(row.price, pricing.factor), price_rrc: row.price_rrc })

/** The product column a login's prices follow (its order, its extremes): the recommended price under 'rrc', else the base price. */
export const priceBasis = (policy: PricePolicy): 'price' | 'price_rrc' => (policy.type === 'rrc' ? 'price_rrc' : 'price')

/** The shown price of a value of the `priceBasis` column: either policy is monotonic in it, so extremes map to extremes. */
export const shownPriceOfBasis = (pricing: Pricing, basis: number): number => shownPrice(pricing, { price: basis, price_rrc: basis })

/**
 * The contract a request works under: '0' is the user's selected one; any other id must be one
 * the user may use (a manager only its granted ones), else 403.
 */
export async function resolveContract(db: Db, user: SessionUser, requested: string = CATALOGUE_DEFAULTS.contract): Promise<PriceContract> {
  const contracts = await allowedContractsPriced(db, user)
  const id = requested === CATALOGUE_DEFAULTS.contract ? selectedContractId(user, contracts) : requested
  const contract = contracts.find((candidate) => candidate.id === id)
  if (!contract) throw new HttpError(403, id === CATALOGUE_DEFAULTS.contract ? CATALOGUE_MESSAGES.noContract : AUTH_MESSAGES.forbidden)
  return { id: Number(id), factor: contract.priceFactor, policy: pricePolicyOf(user) }
}

/** The warehouse a request names, or 400. */
export function requireWarehouse(warehouses: readonly Warehouse[], id: number): Warehouse {
  const warehouse = warehouses.find((candidate) => candidate.id === id)
  if (!warehouse) throw new HttpError(400, CATALOGUE_MESSAGES.unknownWarehouse)
  return warehouse
}

export interface ListingContext {
  userId: number
  warehouseId: number
  pricing: Pricing
}

export interface CatalogueContext {
  contract: PriceContract
  warehouses: Warehouse[]
  listing: ListingContext
}

/** The contract (403 unless the user may use it) and the warehouse (400 unless it exists) of a request. */
export async function resolveCatalogueContext(db: Db, user: SessionUser, contractId: string, warehouseId: number): Promise<CatalogueContext> {
  const [contract, warehouses] = await Promise.all([resolveContract(db, user, contractId), listWarehouses(db)])
  requireWarehouse(warehouses, warehouseId)
  return { contract, warehouses, listing: { userId: user.id, warehouseId, pricing: contract } }
}
