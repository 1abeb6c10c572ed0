import type { Random } from './random'
import { roundKopecks, type SeedRow } from './seed-support'

const HOUR = 60 * 60_000
const DAY = 24 * HOUR
/** states 2 'В обработке' and 5 'Собран': some dealers pay an advance before shipping */
const IN_WORK_STATES = new Set([2, 5])

/**
 * Payments against the seeded orders, for the reconciliation acts: a paid order was paid one to
 * six days after it was placed, now and then in two instalments; some orders still in work got a
 * half advance. None is later than the seed's moment.
 */
export function buildPayments(random: Random, orders: readonly SeedRow<'orders'>[], baseMs: number): SeedRow<'payments'>[] {
  const payments: SeedRow<'payments'>[] = []
  const add = (order: SeedRow<'orders'>, sum: number, afterMs: number) => {
    const placedMs = Date.parse(order.created_at)
    const id = payments.length + 1
    payments.push({
      id,
      customer_id: order.customer_id,
      contract_id: order.contract_id,
      order_id: order.id ?? null,
      document: `Платёжное поручение № ${String(4100 + id * 7)}`,
      sum: roundKopecks(sum),
      paid_at: new Date(Math.max(placedMs, Math.min(placedMs + afterMs, baseMs - HOUR))).toISOString(),
    })
  }
  for (const order of orders) {
    const placedAgoMs = baseMs - Date.parse(order.created_at)
    if (order.paid) {
      const firstAfter = random.int(1, 3) * DAY + random.int(1, 8) * HOUR
      if (random.chance(0.2) && placedAgoMs > 5 * DAY) {
        const advance = roundKopecks(order.sum * 0.3)
        add(order, advance, firstAfter)
        add(order, order.sum - advance, firstAfter + random.int(2, 3) * DAY)
      } else {
        add(order, order.sum, firstAfter)
      }
    } else if (IN_WORK_STATES.has(order.state) && random.chance(0.3)) {
      add(order, order.sum / 2, random.int(2, 10) * HOUR)
    }
  }
  return payments
}
