/**
 * The purchased-goods reports' names and defaults, without schemas: the screen host reads an
 * address's filters with these before the reports screen (and its contract) loads.
 */
/**
 * The four reports of spec §2 over the company's orders that were not cancelled. Every report
 * has one row per product bought in the period; they differ in order and in the columns shown:
 * - goods «По товарам»: header, articul, units, sum; most units first;
 * - often «Часто в заказах»: header, articul, orders, units, last order; most orders first;
 * - last «Последние в заказах»: header, articul, last order, units, sum; latest first;
 * - sum «По сумме»: header, articul, units, orders, sum; largest sum first.
 * Ties go by product id.
 */
export const PURCHASED_REPORTS = ['goods', 'often', 'last', 'sum'] as const
export type PurchasedReport = (typeof PURCHASED_REPORTS)[number]

/** Spec §9: 20 per page, the last 30 days (today and the 29 days before it, Moscow calendar days). */
export const PURCHASED_DEFAULTS = { contract: '0', catalog: 0, report: 'goods', page: 1, perpage: 20, maxPerpage: 100, periodDays: 30 } as const
