import type { Random } from './random'
import { BRANDS, DESCRIPTION_ENDINGS, PARAMS, SECTIONS, TAGS, type GroupSpec, type LeafSpec, type ParamKey, type SectionSpec } from './seed-catalogue-data'
import { roundKopecks, type SeedRow } from './seed-support'

export const WAREHOUSES: readonly { id: number; header: string; address: string; schedule: string }[] = [
  {
    id: 1,
    header: 'Склад Москва (Южные ворота)',
    address: 'Московская обл., Ленинский г.о., пос. Развилка, 27-й км МКАД, терминал «Южные ворота»',
    schedule: 'Пн–Пт 9:00–18:00, Сб 10:00–15:00',
  },
  {
    id: 2,
    header: 'Склад Санкт-Петербург (Шушары)',
    address: 'г. Санкт-Петербург, пос. Шушары, Московское ш., д. 70, корп. 4',
    schedule: 'Пн–Пт 8:00–17:00',
  },
  { id: 3, header: 'Склад Екатеринбург', address: 'г. Екатеринбург, ул. Хлебная, д. 12', schedule: 'Пн–Пт 9:00–18:00, Сб 10:00–14:00' },
]

export interface CategoryLeaf {
  id: number
  section: SectionSpec
  group: GroupSpec
  leaf: LeafSpec
}

/**
 * Ids: groups first, then sections, then leaves (see SECTIONS), so that the default catalogue
 * '27' is a whole top-level section. Rows are listed parents first, as the foreign key wants.
 */
export function buildCategories(): { rows: SeedRow<'categories'>[]; leaves: CategoryLeaf[] } {
  const rows: SeedRow<'categories'>[] = []
  const add = (id: number, parentId: number | null, header: string, level: number, sort: number) => {
    rows.push({ id, parent_id: parentId, header, level, sort })
    return id
  }
  const groupCount = SECTIONS.reduce((count, section) => count + section.groups.length, 0)
  const sectionIds = SECTIONS.map((section, index) => add(groupCount + index + 1, null, section.header, 1, index + 1))
  let groupId = 0
  const groups = SECTIONS.flatMap((section, s) =>
    section.groups.map((group, index) => ({ section, group, id: add((groupId += 1), sectionIds[s] ?? null, group.header, 2, index + 1) })),
  )
  let leafId = groupCount + SECTIONS.length
  const leaves = groups.flatMap(({ section, group, id: parentId }) =>
    group.leaves.map((leaf, index) => ({ id: add((leafId += 1), parentId, leaf.header, 3, index + 1), section, group, leaf })),
  )
  return { rows, leaves }
}

export const brandRows = (): SeedRow<'brands'>[] => BRANDS.map((brand, index) => ({ id: index + 1, header: brand.header }))
export const paramRows = (): SeedRow<'params'>[] => PARAMS.map((param, index) => ({ id: index + 1, header: param.header, unit: param.unit }))
export const tagRows = (): SeedRow<'tags'>[] => TAGS.map((header, index) => ({ id: index + 1, header }))

export interface ProductBundle {
  product: SeedRow<'products'> & { id: number; price: number }
  params: SeedRow<'product_params'>[]
  tags: SeedRow<'product_tags'>[]
  pictures: SeedRow<'pictures'>[]
  stocks: SeedRow<'stocks'>[]
}

const brandIdByHeader = new Map(BRANDS.map((brand, index) => [brand.header, index + 1]))
const paramIdByKey = new Map(PARAMS.map((param, index) => [param.key, index + 1]))

function brandIdOf(header: string): number {
  const id = brandIdByHeader.get(header)
  if (id === undefined) throw new Error(`unknown brand in the seed data: ${header}`)
  return id
}

function paramOf(key: ParamKey) {
  const id = paramIdByKey.get(key)
  const param = PARAMS[(id ?? 0) - 1]
  if (id === undefined || !param) throw new Error(`unknown param in the seed data: ${key}`)
  return { id, unit: param.unit }
}

const isCyrillic = (text: string) => /[а-яё]/i.test(text)
const formatSize = (value: number) => String(value).replace('.', ',')

const LATIN_LETTERS = 'ABCDEFGHKLMNPRSTVWXZ'
const CYRILLIC_LETTERS = 'АБВГДКЛМНПРСТШЭ'
const LATIN_SUFFIXES = ['', '', '', 'K', 'Z', 'X', 'DWYE', 'RFE', '-2', '-01']
const CYRILLIC_SUFFIXES = ['', '', 'М', 'К', 'Э', '-01']

function letters(random: Random, alphabet: string, count: number): string {
  let text = ''
  for (let i = 0; i < count; i += 1) text += alphabet[random.int(0, alphabet.length - 1)]
  return text
}

function modelName(random: Random, cyrillic: boolean): string {
  const digits = String(random.int(10, 9999))
  return cyrillic
    ? `${letters(random, CYRILLIC_LETTERS, random.int(2, 3))}-${digits}${random.pick(CYRILLIC_SUFFIXES)}`
    : `${letters(random, LATIN_LETTERS, random.int(2, 3))}${digits}${random.pick(LATIN_SUFFIXES)}`
}

/** A bijection on 0..9 999 999, so articuls look random and never repeat. */
const scrambled = (index: number) => String((index * 3_918_217 + 1_234_567) % 10_000_000).padStart(7, '0')

function ean13(first12: string): string {
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0)
  return first12 + String((10 - (sum % 10)) % 10)
}

function articulOf(random: Random, index: number, brandId: number): string {
  const code = BRANDS[brandId - 1]?.code
  const digits = scrambled(index)
  if (!code) return ean13(`460${String(brandId).padStart(2, '0')}${digits}`)
  return `${code}-${digits.slice(0, 4)}${letters(random, LATIN_LETTERS, 1)}${digits.slice(4)}${random.int(10, 99)}`
}

function tagCount(random: Random): number {
  const roll = random.next()
  return roll < 0.5 ? 0 : roll < 0.85 ? 1 : 2
}

/**
 * The supplier's sort weight, 100 to 1000 in steps of 100: spread over the ids without drawing
 * on the random stream (so every other seeded value stays as it was), unrelated to the names.
 */
const catalogueSortOf = (id: number) => ((id * 7) % 10) * 100 + 100

/** Free stock: none in about a fifth of cases, otherwise mostly small numbers up to 500. */
const stockQuantity = (random: Random) => (random.chance(0.2) ? 0 : 1 + Math.floor(499 * random.next() ** 3))

/**
 * Products with everything that hangs on them, one at a time, so any number can be seeded
 * without holding them all in memory. Product i sits in leaf i mod leaves (every leaf fills up).
 */
export function* generateProducts(random: Random, count: number, leaves: readonly CategoryLeaf[]): Generator<ProductBundle> {
  const tagIds = TAGS.map((_, index) => index + 1)
  let pictureId = 0
  for (let index = 0; index < count; index += 1) {
    const id = index + 1
    const { section, group, leaf, id: categoryId } = leaves[index % leaves.length] as CategoryLeaf
    const brandHeader = random.pick(group.brands ?? section.brands)
    const brandId = brandIdOf(brandHeader)
    const model = modelName(random, isCyrillic(brandHeader))
    const paramSet = (leaf.params ?? group.params).map(([key, values]) => {
      const position = random.int(0, values.length - 1)
      return { ...paramOf(key), value: values[position] as number, position, choices: values.length }
    })
    const size = paramSet[0]
    if (!size) throw new Error(`no params for ${leaf.header}`)
    // bigger sizes cost more: the price's place in the range follows the size's place in its list
    const placeInRange = (size.position + random.next()) / size.choices
    const price = roundKopecks(leaf.price[0] * (leaf.price[1] / leaf.price[0]) ** placeInRange)
    const pictureCount = random.int(1, 4)
    const baseHue = random.int(0, 359)
    yield {
      product: {
        id,
        articul: articulOf(random, index, brandId),
        header: `${leaf.noun} ${brandHeader} ${model} ${formatSize(size.value)} ${size.unit}`,
        brand_id: brandId,
        category_id: categoryId,
        price,
        price_rrc: roundKopecks(price * (1.1 + 0.25 * random.next())),
        description: `${random.pick(section.phrases)}. ${random.pick(DESCRIPTION_ENDINGS)}`,
        sort: catalogueSortOf(id),
      },
      params: paramSet.map((param) => ({ product_id: id, param_id: param.id, value: param.value })),
      tags: random.sample(tagIds, tagCount(random)).map((tagId) => ({ product_id: id, tag_id: tagId })),
      pictures: Array.from({ length: pictureCount }, (_, sort) => {
        pictureId += 1
        return { id: pictureId, product_id: id, sort, hue: (baseHue + sort * 37) % 360 }
      }),
      stocks: WAREHOUSES.map((warehouse) => ({ product_id: id, warehouse_id: warehouse.id, quantity: stockQuantity(random) })),
    }
  }
}
