import { expect, type Locator, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import ExcelJS from 'exceljs'
import { E2E_DB_FILE } from './e2e-env'

/** /cabinet/exporter/: the brands, «Сформировать», the progress bar and the file. */
export class ExporterPage {
  readonly heading: Locator
  readonly search: Locator
  readonly packedView: Locator
  readonly rawView: Locator
  readonly saveSelection: Locator
  readonly start: Locator
  readonly progress: Locator
  readonly download: Locator
  readonly refusal: Locator
  readonly selectionStatus: Locator
  readonly brandList: Locator

  constructor(readonly page: Page) {
    const main = page.getByRole('main')
    this.heading = main.getByRole('heading', { name: 'Выгрузка прайс-листа', level: 1 })
    this.search = main.getByRole('searchbox', { name: 'Поиск бренда' })
    this.packedView = main.getByRole('button', { name: 'По алфавиту' })
    this.rawView = main.getByRole('button', { name: 'Списком' })
    this.saveSelection = main.getByRole('button', { name: 'Сохранить выбор' })
    this.start = main.getByRole('button', { name: 'Сформировать' })
    this.progress = main.getByRole('progressbar', { name: 'Выгрузка формируется' })
    this.download = main.getByRole('link', { name: /^Скачать файл от \d\d\.\d\d\.\d{4} \d\d:\d\d$/ })
    this.refusal = main.getByRole('alert')
    this.selectionStatus = main.getByRole('status').filter({ hasText: /Выбор|Сохранение/ })
    this.brandList = main.getByRole('list', { name: 'Бренды' })
  }

  async goto(): Promise<void> {
    await this.page.goto('/cabinet/exporter/')
    await expect(this.heading).toBeVisible()
  }

  letter(letter: string): Locator {
    return this.page.getByRole('region', { name: `Бренды на букву ${letter}` })
  }

  allOfLetter(letter: string): Locator {
    return this.letter(letter).getByRole('checkbox', { name: `Все на букву ${letter}` })
  }

  brand(name: string): Locator {
    return this.page.getByRole('main').getByRole('checkbox', { name, exact: true })
  }
}

/** The rows of an exported price list: the title row, then brand, articul, name, price, RRP and stock per warehouse. */
export async function readExportSheet(file: string): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(file)
  const rows: unknown[][] = []
  book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return rows
}

/** Reads rows from the e2e server's database. */
export function queryRows<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(E2E_DB_FILE, { readonly: true, fileMustExist: true })
  try {
    return db.prepare(sql).all(...params) as T[]
  } finally {
    db.close()
  }
}

/** Writes to the e2e server's database (what another API process, or one that stopped, leaves there). */
export function runSql(sql: string, ...params: unknown[]): void {
  const db = new Database(E2E_DB_FILE, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare(sql).run(...params)
  } finally {
    db.close()
  }
}
