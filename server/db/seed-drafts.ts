import { defaultDraftHeader } from '../../src/contract/drafts'
import type { SeedRow } from './seed-support'

const HOUR = 60 * 60_000

export interface DraftSeedRows {
  drafts: SeedRow<'drafts'>[]
  draft_lines: SeedRow<'draft_lines'>[]
}

export interface DraftOwner {
  userId: number
  customerId: number
  contractId: number
}

/** A product in stock at warehouse 1 and how much of it there is. */
export interface StockedProduct {
  id: number
  stock: number
}

/**
 * Two saved baskets of the main demo account, one with the default name and one named by the
 * dealer, each line within the warehouse's stock so that repeating them works.
 */
export function demoDrafts(owner: DraftOwner, products: readonly StockedProduct[], baseMs: number): DraftSeedRows {
  const rows: DraftSeedRows = { drafts: [], draft_lines: [] }
  const plans = [
    { header: 'Объект на Лесной, 2-й этап', hoursAgo: 9 * 24 + 5, products: products.slice(0, 5) },
    { header: defaultDraftHeader(new Date(baseMs - 3 * 24 * HOUR - 2 * HOUR)), hoursAgo: 3 * 24 + 2, products: products.slice(5, 8) },
  ]
  for (const plan of plans.filter((candidate) => candidate.products.length > 0)) {
    const draftId = rows.drafts.length + 1
    rows.drafts.push({
      id: draftId,
      user_id: owner.userId,
      customer_id: owner.customerId,
      contract_id: owner.contractId,
      header: plan.header,
      created_at: new Date(baseMs - plan.hoursAgo * HOUR).toISOString(),
    })
    rows.draft_lines.push(
      ...plan.products.map((product, index) => ({
        id: rows.draft_lines.length + index + 1,
        draft_id: draftId,
        product_id: product.id,
        warehouse_id: 1,
        qnt: Math.min(product.stock, 1 + ((product.id + index) % 6)),
      })),
    )
  }
  return rows
}
