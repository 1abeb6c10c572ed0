import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connection'
import { SECTIONS } from '../db/seed-catalogue-data'
import type { AppDeps } from '../deps'
import { renderProductPictureSvg, type PictureFacts } from './picture-svg'

export const PICTURE_MESSAGES = {
  badId: 'Некорректный номер изображения',
  notFound: 'Изображение не найдено',
} as const

// ids are PostgreSQL integers; a longer number cannot name a picture
const MAX_ID_DIGITS = 9
const shapeBySection = new Map(SECTIONS.map((section) => [section.header, section.shape]))

/** The picture row with what it draws: the product's brand and articul, and its top-level section. */
async function findPicture(db: Db, id: number): Promise<PictureFacts | undefined> {
  const row = await db.kysely
    .selectFrom('pictures')
    .innerJoin('products', 'products.id', 'pictures.product_id')
    .innerJoin('brands', 'brands.id', 'products.brand_id')
    .leftJoin('categories as category', 'category.id', 'products.category_id')
    .leftJoin('categories as parent', 'parent.id', 'category.parent_id')
    .leftJoin('categories as grandparent', 'grandparent.id', 'parent.parent_id')
    .select([
      'pictures.hue',
      'pictures.sort',
      'products.articul',
      'brands.header as brand',
      'category.header as categoryHeader',
      'parent.header as parentHeader',
      'grandparent.header as grandparentHeader',
    ])
    .where('pictures.id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const section = row.grandparentHeader ?? row.parentHeader ?? row.categoryHeader ?? ''
  return {
    hue: row.hue,
    sort: row.sort,
    shape: shapeBySection.get(section) ?? 'box',
    brand: row.brand,
    articul: row.articul,
  }
}

/** GET /pictures/{id}.svg: a product picture drawn from its row (no files, no network). */
export function registerPictureRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Params: { id: string } }>('/pictures/:id.svg', async (request, reply) => {
    const { id } = request.params
    if (!/^\d+$/.test(id)) return reply.code(400).send({ message: PICTURE_MESSAGES.badId })
    const picture = id.length > MAX_ID_DIGITS ? undefined : await findPicture(deps.db, Number(id))
    if (!picture) return reply.code(404).send({ message: PICTURE_MESSAGES.notFound })
    return reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send(renderProductPictureSvg(picture))
  })
}
