import type { Warehouse } from '../../src/contract/account'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { CATALOGUE_DEFAULTS, CATALOGUE_MESSAGES } from '../../src/contract/catalogue'
import { allowedContractsPriced, selectedContractId } from '../auth/contract-access'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'
import { listWarehouses } from './warehouses'

export interface PriceContract {
  id: number
  /** the contract's multiplier of the base price list */
  factor: number
}

/** Roubles with kopecks: the dealer's price of a base price under a contract. */
export const contractPrice = (basePrice: number, factor: number) => Math.round(basePrice * factor * 100) / 100

/**
 * The contract a request works under: '0' is the user's selected one; any other id must be one
 * the user may use (a manager only its granted ones), else 403.
 */
export async function resolveContract(db: Db, user: SessionUser, requested: string = CATALOGUE_DEFAULTS.contract): Promise<PriceContract> {
  const contracts = await allowedContractsPriced(db, user)
  const id = requested === CATALOGUE_DEFAULTS.contract ? selectedContractId(user, contracts) : requested
  const contract = contracts.find((candidate) => candidate.id === id)
  if (!contract) throw new HttpError(403, id === CATALOGUE_DEFAULTS.contract ? CATALOGUE_MESSAGES.noContract : AUTH_MESSAGES.forbidden)
  return { id: Number(id), factor: contract.priceFactor }
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
  priceFactor: number
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
  return { contract, warehouses, listing: { userId: user.id, warehouseId, priceFactor: contract.factor } }
}
