import { PRICELIST_LIMITS, PRICELIST_MESSAGES, type PricelistProduct } from '../contract/pricelist'
import { availableQuantity, commitQuantityText, normalizeQuantityText, parseQuantity, QUANTITY_MIN, stepQuantity } from './quantity'

/** What the machine needs of a chosen file (a browser File has both): it is checked before it is sent. */
export interface ChosenFile {
  readonly name: string
  readonly size: number
}

/** One recognised product in the selection modal: ticked or not, and the quantity field's text. */
interface ChoiceLine {
  selected: boolean
  text: string
}

export type ChoiceLines = Record<string, ChoiceLine>

/** Why the file cannot be sent, or null: nothing chosen, an empty file, more than 5 МБ. */
export function fileProblem(file: ChosenFile | null): string | null {
  // a form with nothing chosen posts an empty file without a name
  if (!file || (file.name === '' && file.size === 0)) return PRICELIST_MESSAGES.noFile
  if (file.size === 0) return PRICELIST_MESSAGES.emptyFile
  if (file.size > PRICELIST_LIMITS.fileBytes) return PRICELIST_MESSAGES.fileTooLarge
  return null
}

const utf8 = new TextEncoder()

/** Why the pasted text cannot be sent, or null: nothing but spaces, more than 1 МБ in UTF-8. */
export function textProblem(text: string): string | null {
  if (text.trim() === '') return PRICELIST_MESSAGES.noText
  // a Cyrillic letter is 2 bytes: only a long text needs counting
  if (text.length * 3 > PRICELIST_LIMITS.textBytes && utf8.encode(text).length > PRICELIST_LIMITS.textBytes) return PRICELIST_MESSAGES.textTooLarge
  return null
}

/** The free stock of a product at the answer's warehouse (spec §5: unknown counts as 0). */
export const stockOf = (product: PricelistProduct) => availableQuantity(product.available)

/** A product with no free stock cannot be chosen. */
export const isSelectable = (product: PricelistProduct) => stockOf(product) > 0

/** The file asked for more than the warehouse has free. */
export const isShortOnStock = (product: PricelistProduct) => product.qnt > stockOf(product)

/**
 * The modal's lines as the answer comes: each chosen as the server says, its quantity the one
 * asked, cut to the free stock (spec §5 and §8: more than the stock resets to the available
 * quantity); a product with no free stock is not chosen.
 */
export function initialLines(products: readonly PricelistProduct[]): ChoiceLines {
  return Object.fromEntries(
    products.map((product) => [
      String(product.id),
      {
        selected: product.selected && isSelectable(product),
        text: String(isSelectable(product) ? Math.min(product.qnt, stockOf(product)) : product.qnt),
      },
    ]),
  )
}

const productById = (products: readonly PricelistProduct[], id: string) => products.find((product) => String(product.id) === id)

/** The quantity a field's text stands for: the stepper's rules (empty or non-numeric is 1), and never below 1. */
export const lineQuantity = (text: string) => Math.max(QUANTITY_MIN, parseQuantity(text))

/** What the dealer typed, kept as the stepper keeps it (leading zeros go, non-numeric becomes 1). */
export function withInput(lines: ChoiceLines, id: string, text: string): ChoiceLines {
  const line = lines[id]
  return line ? { ...lines, [id]: { ...line, text: normalizeQuantityText(text) } } : lines
}

/** The field's text once the dealer leaves it: always a number of at least 1. */
export const committedText = (text: string) => String(Math.max(QUANTITY_MIN, Number(commitQuantityText(text))))

/** The text after "+" or "−": never below 1 (spec §5). */
export const steppedText = (text: string, delta: 1 | -1) => String(stepQuantity(lineQuantity(text), delta))

/** The text a commit or step would leave is more than the product's free stock. */
export function isOverStock(products: readonly PricelistProduct[], text: string, id: string): boolean {
  const product = productById(products, id)
  return product !== undefined && lineQuantity(text) > stockOf(product)
}

/** A line's text set outright (a committed or stepped value, or the stock after an over-stock). */
export function withText(lines: ChoiceLines, id: string, text: string): ChoiceLines {
  const line = lines[id]
  return line ? { ...lines, [id]: { ...line, text } } : lines
}

/** Spec §8: more than the stock resets the count to what is available; the line stays chosen. */
export function withStockQuantity(lines: ChoiceLines, products: readonly PricelistProduct[], id: string): ChoiceLines {
  const product = productById(products, id)
  return product ? withText(lines, id, String(stockOf(product))) : lines
}

/** Ticks or unticks one line; a product with no free stock stays unticked. */
export function toggled(lines: ChoiceLines, products: readonly PricelistProduct[], id: string): ChoiceLines {
  const line = lines[id]
  const product = productById(products, id)
  if (!line || !product || !isSelectable(product)) return lines
  return { ...lines, [id]: { ...line, selected: !line.selected } }
}

/** Every line that can be chosen is chosen. */
export function allChosen(lines: ChoiceLines, products: readonly PricelistProduct[]): boolean {
  const selectable = products.filter(isSelectable)
  return selectable.length > 0 && selectable.every((product) => lines[String(product.id)]?.selected === true)
}

/** Spec §4 (bulk selection): the check-all box checks every line, or unchecks every line when all are checked. */
export function toggledAll(lines: ChoiceLines, products: readonly PricelistProduct[]): ChoiceLines {
  const select = !allChosen(lines, products)
  return Object.fromEntries(
    Object.entries(lines).map(([id, line]) => {
      const product = productById(products, id)
      return [id, { ...line, selected: select && product !== undefined && isSelectable(product) }]
    }),
  )
}

/** The chosen products and their quantities: the cartList of POST /api/addCartFromPricelist/. */
export function cartListOf(lines: ChoiceLines): Record<string, number> {
  return Object.fromEntries(Object.entries(lines).flatMap(([id, line]) => (line.selected ? [[id, lineQuantity(line.text)]] : [])))
}

export const hasChosen = (lines: ChoiceLines) => Object.values(lines).some((line) => line.selected)

const roundKopecks = (amount: number) => Math.round(amount * 100) / 100

/** The chosen lines: how many, how many units, and their sum at the contract's prices. */
export function chosenTotals(lines: ChoiceLines, products: readonly PricelistProduct[]): { count: number; qnt: number; sum: number } {
  return products.reduce(
    (totals, product) => {
      const line = lines[String(product.id)]
      if (!line?.selected) return totals
      const qnt = lineQuantity(line.text)
      return { count: totals.count + 1, qnt: totals.qnt + qnt, sum: roundKopecks(totals.sum + product.price * qnt) }
    },
    { count: 0, qnt: 0, sum: 0 },
  )
}
