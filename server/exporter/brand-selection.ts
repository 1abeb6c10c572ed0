import { EXPORTER_MESSAGES, type BrandLetter, type ExporterBrand, type ExporterBrandsResponse } from '../../src/contract/exporter'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'

const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true })
/** Latin names first, then Cyrillic, then digits and signs; within each, alphabetically. */
const scriptRank = (text: string) => (/^[a-z]/i.test(text) ? 0 : /^\p{Script=Cyrillic}/u.test(text) ? 1 : 2)
export const byName = (a: string, b: string) => scriptRank(a) - scriptRank(b) || collator.compare(a, b)

/** The letter a brand is filed under: its first letter in capitals; a digit or a sign goes under '#'. */
const letterOf = (header: string): string => {
  const first = header.trim().charAt(0).toLocaleUpperCase('ru')
  return /\p{L}/u.test(first) ? first : '#'
}

/** Brands grouped by letter, the letters and the brands in each in alphabetical order (Latin first). */
function packBrands(raw: readonly ExporterBrand[]): BrandLetter[] {
  const letters = new Map<string, ExporterBrand[]>()
  for (const brand of raw) {
    const letter = letterOf(brand.header)
    letters.set(letter, [...(letters.get(letter) ?? []), brand])
  }
  return [...letters.entries()].sort(([a], [b]) => byName(a, b)).map(([letter, brands]) => ({ letter, brands }))
}

/** spec §7 getBrandsForExporter: every brand with the account's saved selection. */
export async function exporterBrands(db: Db, user: SessionUser): Promise<ExporterBrandsResponse> {
  const rows = await db.kysely
    .selectFrom('brands')
    .leftJoin('exporter_brands', (join) => join.onRef('exporter_brands.brand_id', '=', 'brands.id').on('exporter_brands.user_id', '=', user.id))
    .select(['brands.id', 'brands.header', 'exporter_brands.user_id'])
    .execute()
  const raw = rows
    .map((row) => ({ id: row.id, header: row.header, selected: row.user_id !== null }))
    .sort((a, b) => byName(a.header, b.header) || a.id - b.id)
  return { customer_id: user.customer_id, brands: { raw, packed: packBrands(raw) } }
}

/** spec §7 saveBrandsExporter {data}: replaces the account's selection; an unknown brand id refuses the whole save (400). */
export async function saveBrandSelection(db: Db, user: SessionUser, ids: readonly number[]): Promise<number> {
  const unique = [...new Set(ids)]
  return db.kysely.transaction().execute(async (trx) => {
    if (unique.length > 0) {
      const known = await trx.selectFrom('brands').select('id').where('id', 'in', unique).execute()
      if (known.length !== unique.length) throw new HttpError(400, EXPORTER_MESSAGES.unknownBrands)
    }
    await trx.deleteFrom('exporter_brands').where('user_id', '=', user.id).execute()
    if (unique.length > 0)
      await trx
        .insertInto('exporter_brands')
        .values(unique.map((brand_id) => ({ user_id: user.id, brand_id })))
        .execute()
    return unique.length
  })
}

/** The account's saved selection, in id order. */
export async function savedBrandIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.kysely.selectFrom('exporter_brands').select('brand_id').where('user_id', '=', userId).orderBy('brand_id').execute()
  return rows.map((row) => row.brand_id)
}
