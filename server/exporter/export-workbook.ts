import ExcelJS from 'exceljs'
import type { Warehouse } from '../../src/contract/account'
import { shownPrice, type Pricing } from '../catalogue/contract'
import type { Db } from '../db/connection'
import { MONEY_FORMAT, styleTitleRow } from '../xlsx-file'
import { byName } from './brand-selection'

/** Products read and written per step: the memory a build holds is one page, whatever the catalogue's size. */
const PAGE_SIZE = 1_000

export interface ExportSubject {
  brandIds: readonly number[]
  /** the contract's multiplier and the login's price policy, read the way the catalogue's answers read them */
  pricing: Pricing
  warehouses: readonly Warehouse[]
}

/** Called after each page with the fraction done; a rejection (the claim was lost) stops the build. */
export type ReportProgress = (fraction: number) => Promise<void>

const EXPORT_COLUMNS = ['Бренд', 'Артикул', 'Наименование', 'Цена, ₽', 'РРЦ, ₽'] as const
const stockColumnOf = (warehouse: Warehouse) => `Остаток: ${warehouse.header}`

/**
 * Writes the price list of the chosen brands to `fileName` through exceljs's streaming writer:
 * each row is committed (flushed to the file) as it is added, products are read a page at a time,
 * brand by brand in alphabetical order, each brand's products by name. Answers the rows written.
 */
export async function writeExportWorkbook(db: Db, subject: ExportSubject, fileName: string, report: ReportProgress): Promise<number> {
  const brands = subject.brandIds.length
    ? await db.kysely
        .selectFrom('brands')
        .select(['id', 'header'])
        .where('id', 'in', [...subject.brandIds])
        .execute()
    : []
  brands.sort((a, b) => byName(a.header, b.header) || a.id - b.id)
  const total = brands.length
    ? Number(
        (
          await db.kysely
            .selectFrom('products')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where(
              'brand_id',
              'in',
              brands.map((b) => b.id),
            )
            .executeTakeFirstOrThrow()
        ).count,
      )
    : 0
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: fileName, useStyles: true, useSharedStrings: false })
  const sheet = book.addWorksheet('Прайс-лист', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = [
    { width: 18 },
    { width: 16 },
    { width: 48 },
    { width: 12, style: { numFmt: MONEY_FORMAT } },
    { width: 12, style: { numFmt: MONEY_FORMAT } },
    ...subject.warehouses.map(() => ({ width: 14 })),
  ]
  const title = sheet.addRow([...EXPORT_COLUMNS, ...subject.warehouses.map(stockColumnOf)])
  styleTitleRow(title)
  title.commit()
  let written = 0
  for (const brand of brands) {
    let afterId = 0
    for (;;) {
      const products = await db.kysely
        .selectFrom('products')
        .select(['id', 'articul', 'header', 'price', 'price_rrc'])
        .where('brand_id', '=', brand.id)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(PAGE_SIZE)
        .execute()
      if (products.length === 0) break
      afterId = products[products.length - 1]!.id
      const stocks = await db.kysely
        .selectFrom('stocks')
        .select(['product_id', 'warehouse_id', 'quantity'])
        .where(
          'product_id',
          'in',
          products.map((p) => p.id),
        )
        .execute()
      const stockOf = new Map(stocks.map((s) => [`${s.product_id}:${s.warehouse_id}`, Number(s.quantity)]))
      for (const product of products) {
        sheet
          .addRow([
            brand.header,
            product.articul,
            product.header,
            shownPrice(subject.pricing, { price: Number(product.price), price_rrc: Number(product.price_rrc) }),
            Number(product.price_rrc),
            ...subject.warehouses.map((w) => stockOf.get(`${product.id}:${w.id}`) ?? 0),
          ])
          .commit()
      }
      written += products.length
      await report(total ? written / total : 1)
      // SQLite answers synchronously: let the process serve its requests between two pages
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  sheet.commit()
  await book.commit()
  return written
}
