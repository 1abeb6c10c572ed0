import * as z from 'zod/mini'
import { transformed } from './common'

/**
 * Spec §3 "Price policy: per manager" and §7 `pricepolitics`: which prices a manager sees. The
 * contract price (the default, and always a main account's own), the recommended retail price
 * (`price_rrc`), or the contract price plus a markup in percent.
 */
export const PRICE_POLICY_TYPES = ['contract', 'rrc', 'markup'] as const
export type PricePolicyType = (typeof PRICE_POLICY_TYPES)[number]

/** The largest markup a main account may set, in percent. */
export const MARKUP_MAX = 1000

export const PRICE_POLICY_MESSAGES = {
  /** spec §4: shown 3 s */
  saved: 'Данные сохранены',
  /** spec §8, to the letter */
  failed: 'Ошибка. Данные не сохранены',
  badMarkup: `Наценка — число от 0 до ${MARKUP_MAX} с двумя знаками после запятой или без них`,
  badType: 'Выберите ценовую политику: цена по договору, рекомендованная цена или наценка',
  mainAccount: 'Основная учётная запись всегда видит цены по договору',
} as const

/** The radio group's labels (the /tpl/price_politics.html modal). */
export const PRICE_POLICY_LABELS: Readonly<Record<PricePolicyType, string>> = {
  contract: 'Цена по договору',
  rrc: 'Рекомендованная розничная цена',
  markup: 'Цена по договору с наценкой',
}

export interface PricePolicy {
  type: PricePolicyType
  /** percent, 0 unless `type` is 'markup' */
  markup: number
}

export const CONTRACT_PRICE_POLICY: PricePolicy = { type: 'contract', markup: 0 }

const MARKUP_TEXT = /^\d{1,4}(?:[.,]\d{1,2})?$/

/**
 * A markup as the field holds it ("10", "12,5", "7.25") or as a number: a percent from 0 to
 * MARKUP_MAX with at most two decimals, else undefined.
 */
export function parseMarkup(value: unknown): number | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : ''
  if (!MARKUP_TEXT.test(text)) return undefined
  const markup = Number(text.replace(',', '.'))
  return markup <= MARKUP_MAX ? markup : undefined
}

const markupSchema = z.pipe(
  transformed(z.union([z.number(), z.string()], PRICE_POLICY_MESSAGES.badMarkup), (value) => parseMarkup(value) ?? -1),
  z.number().check(z.gte(0, PRICE_POLICY_MESSAGES.badMarkup)),
)

/** POST /api/pricepolitics/{id}/: the policy to set; the markup counts only for 'markup' (0 otherwise). */
export const pricePolicyRequestSchema = transformed(
  z.object({
    type: z.enum(PRICE_POLICY_TYPES, PRICE_POLICY_MESSAGES.badType),
    markup: z._default(markupSchema, 0),
  }),
  ({ type, markup }): PricePolicy => ({ type, markup: type === 'markup' ? markup : 0 }),
)

const pricePolicySchema = z.object({ type: z.enum(PRICE_POLICY_TYPES), markup: z.number() })

/** GET and POST /api/pricepolitics/{id}/ answer the manager's policy. */
export const pricePolicyResponseSchema = z.object({ id: z.int(), policy: pricePolicySchema })
export type PricePolicyResponse = z.infer<typeof pricePolicyResponseSchema>

/**
 * The price a login sees for a product: `price` is the contract's price (kopecks), `price_rrc` the
 * recommended one. A markup is taken on the contract price and rounded to kopecks.
 */
export function applyPricePolicy(policy: PricePolicy, prices: { price: number; price_rrc: number }): number {
  if (policy.type === 'rrc') return prices.price_rrc
  if (policy.type === 'markup' && policy.markup > 0) {
    // in whole kopecks and hundredths of a percent, so the product is exact and only the last step rounds (half up)
    const kopecks = Math.round(prices.price * 100)
    const hundredths = Math.round((100 + policy.markup) * 100)
    return Math.round((kopecks * hundredths) / 10_000) / 100
  }
  return prices.price
}
