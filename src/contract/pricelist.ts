import * as z from 'zod/mini'
import { MAX_LINE_QUANTITY } from './basket-constants'
import { CATALOGUE_DEFAULTS, CATALOGUE_MESSAGES, contractId, idNumber, intIn } from './catalogue'
import { multilineText } from './common'

/**
 * Price-list upload (spec: /api/uploadsFromFile, /api/uploadsFromBuffer, /api/addCartFromPricelist):
 * a dealer's own order file or pasted text becomes a list of products to put in the basket.
 */

export const PRICELIST_LIMITS = {
  /** an uploaded file */
  fileBytes: 5 * 1024 * 1024,
  /** pasted text, counted in UTF-8 */
  textBytes: 1024 * 1024,
  /** products one addCartFromPricelist may add */
  cartLines: 5_000,
  /** data rows one upload may hold */
  rows: 20_000,
  /** what an XLSX may unpack to, counted as it is read (a 5 MB file of 20,000 rows needs far less) */
  unpackedBytes: 50 * 1024 * 1024,
} as const

export const PRICELIST_MESSAGES = {
  notFound: 'Товар с таким артикулом не найден',
  ambiguous: 'Этому артикулу соответствует несколько товаров',
  noArticul: 'Не указан артикул',
  noQuantity: 'Не указано количество',
  badQuantity: 'Количество должно быть целым положительным числом',
  noFile: 'Выберите файл для загрузки',
  noText: 'Вставьте текст заказа: артикул и количество в каждой строке',
  emptyFile: 'Файл пуст',
  fileTooLarge: 'Файл слишком большой: не более 5 МБ',
  textTooLarge: 'Текст слишком большой: не более 1 МБ',
  binaryXls: 'Файлы Excel старого формата (XLS) не читаются. Откройте файл в Excel, сохраните его как «Книга Excel (XLSX)» или CSV и загрузите снова',
  unsupported: 'Неподдерживаемый формат файла: загрузите таблицу XLSX, CSV или текстовый файл',
  unreadable: 'Не удалось прочитать файл: он повреждён или это не таблица',
  unpackedTooLarge: 'Файл слишком большой в распакованном виде: не более 50 МБ. Оставьте в книге только лист с заказом или сохраните его как CSV',
  tooSlow: 'Файл читается слишком долго: оставьте в книге только лист с заказом или сохраните его как CSV',
  badUpload: 'Не удалось принять файл: повторите загрузку',
  noRows: 'Не найдено ни одной строки с артикулом и количеством',
  tooManyRows: 'Слишком много строк: не более 20 000 за раз',
  emptyCart: 'Не выбрано ни одного товара',
} as const

/** The contract ('0' = the selected one) and warehouse whose prices and stock the answer shows. */
const priceContext = {
  contract: z._default(contractId, CATALOGUE_DEFAULTS.contract),
  wms: z._default(idNumber, CATALOGUE_DEFAULTS.warehouse),
}

/** The form fields of POST /api/uploadsFromFile besides the multipart `file`. */
export const uploadFileFieldsSchema = z.object(priceContext)

/** POST /api/uploadsFromBuffer (form-encoded or JSON): pasted text, one product per line. */
export const uploadTextRequestSchema = z.object({
  text: multilineText(PRICELIST_MESSAGES.noText).check(z.refine((text) => text.trim() !== '', PRICELIST_MESSAGES.noText)),
  ...priceContext,
})

/** A matched product, chosen for the basket unless the dealer unticks it. */
const pricelistProductSchema = z.object({
  id: z.int(),
  header: z.string(),
  articul: z.string(),
  /** the contract's price */
  price: z.number(),
  /** summed over the rows naming the product */
  qnt: z.int().check(z.positive()),
  selected: z.boolean(),
  /** free stock at the answer's warehouse */
  available: z.int().check(z.nonnegative()),
  /** the first row naming it, 1-based as the dealer sees it (header counted) */
  row: z.int().check(z.positive()),
})
export type PricelistProduct = z.infer<typeof pricelistProductSchema>

const unmatchedRowSchema = z.object({
  row: z.int().check(z.positive()),
  /** the row as read */
  text: z.string(),
  reason: z.string(),
})
export type UnmatchedRow = z.infer<typeof unmatchedRowSchema>

export const pricelistResponseSchema = z.object({
  products: z.array(pricelistProductSchema),
  unmatched: z.array(unmatchedRowSchema),
  wms: z.int(),
  /** the contract the prices are of (never '0') */
  contract: z.string(),
})
export type PricelistResponse = z.infer<typeof pricelistResponseSchema>

/** A form post names the entries `cartList[12]=3`; they become the cartList map a JSON body carries. */
function foldFormCartList(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || 'cartList' in body) return body
  const entries = Object.entries(body)
  const cartList = Object.fromEntries(entries.flatMap(([key, value]) => (/^cartList\[[^\]]*\]$/.test(key) ? [[key.slice(9, -1), value]] : [])))
  return { ...Object.fromEntries(entries.filter(([key]) => !key.startsWith('cartList['))), cartList }
}

const cartRequestSchema = z.object({
  cartList: z
    .pipe(
      z
        .record(z.string(), intIn(0, MAX_LINE_QUANTITY))
        .check(z.refine((list) => Object.keys(list).length <= PRICELIST_LIMITS.cartLines, `Не более ${PRICELIST_LIMITS.cartLines} товаров за раз`)),
      z.transform((list: Record<string, number>, context) =>
        Object.entries(list).flatMap(([key, qnt]) => {
          const id = idNumber.safeParse(key)
          if (!id.success) {
            context.issues.push({ code: 'custom', message: CATALOGUE_MESSAGES.badId, path: [key], input: list })
            return []
          }
          return qnt > 0 ? [{ id: id.data, qnt }] : []
        }),
      ),
    )
    .check(z.refine((items) => items.length > 0, PRICELIST_MESSAGES.emptyCart)),
  ...priceContext,
})
export type AddCartFromPricelistRequest = z.input<typeof cartRequestSchema>

/**
 * POST /api/addCartFromPricelist/ {cartList: {[productId]: qnt}, contract, wms}, as JSON or a form;
 * answers productSetResponseSchema (src/contract/delivery.ts). A quantity of 0 means "not chosen".
 */
export const addCartFromPricelistRequestSchema = z.pipe(z.transform(foldFormCartList), cartRequestSchema)
