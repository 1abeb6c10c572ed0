import type { Db } from '../../server/db/connection'

/** Removes a product and every row that refers to it. */
export async function deleteProduct(db: Db, id: number) {
  await db.kysely.transaction().execute(async (trx) => {
    for (const table of ['product_params', 'product_tags', 'stocks', 'pictures', 'wishes', 'needs', 'basket_lines', 'order_lines', 'draft_lines'] as const)
      await trx.deleteFrom(table).where('product_id', '=', id).execute()
    await trx.deleteFrom('products').where('id', '=', id).execute()
  })
}
