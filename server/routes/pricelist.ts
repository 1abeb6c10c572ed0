import type { FastifyError, FastifyInstance } from 'fastify'
import multipart from '@fastify/multipart'
import type { ProductSetResponse } from '../../src/contract/product-set'
import {
  PRICELIST_LIMITS,
  PRICELIST_MESSAGES,
  addCartFromPricelistRequestSchema,
  uploadFileFieldsSchema,
  uploadTextRequestSchema,
} from '../../src/contract/pricelist'
import { requireAccount, signedInUser } from '../auth/require-account'
import { basketSummary } from '../catalogue/basket-lines'
import { resolveCatalogueContext } from '../catalogue/contract'
import { addProductSet } from '../catalogue/product-set'
import type { AppDeps } from '../deps'
import { pricelistAnswer } from '../pricelist/pricelist-answer'
import { readFileTable, readTextTable } from '../pricelist/read-table'
import { readUpload } from '../pricelist/read-upload'
import { HttpError, parseInput } from '../validation'

/** Form-encoding Cyrillic takes up to 6 bytes a letter; the text's own limit is checked once decoded. */
const TEXT_BODY_LIMIT = 8 * PRICELIST_LIMITS.textBytes

/**
 * Spec: a dealer's own order file (POST /api/uploadsFromFile/, multipart field `file`) or pasted
 * text (POST /api/uploadsFromBuffer/, field `text`) becomes a list of products to choose from;
 * POST /api/addCartFromPricelist/ puts the chosen ones in the basket. Multipart is accepted only here.
 */
export function registerPricelistRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }

  void app.register(async (scope) => {
    await scope.register(multipart)

    scope.post('/api/uploadsFromFile/', guarded, async (request) => {
      const user = signedInUser(request)
      const { bytes, fields } = await readUpload(request)
      const { contract, wms } = parseInput(uploadFileFieldsSchema, fields)
      const context = await resolveCatalogueContext(db, user, contract, wms)
      return pricelistAnswer(db, context, await readFileTable(bytes))
    })

    scope.post(
      '/api/uploadsFromBuffer/',
      {
        ...guarded,
        bodyLimit: TEXT_BODY_LIMIT,
        errorHandler: (error: FastifyError) => {
          throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new HttpError(413, PRICELIST_MESSAGES.textTooLarge) : error
        },
      },
      async (request) => {
        const { text, contract, wms } = parseInput(uploadTextRequestSchema, request.body)
        if (Buffer.byteLength(text, 'utf8') > PRICELIST_LIMITS.textBytes) throw new HttpError(413, PRICELIST_MESSAGES.textTooLarge)
        const context = await resolveCatalogueContext(db, signedInUser(request), contract, wms)
        return pricelistAnswer(db, context, readTextTable(text))
      },
    )

    scope.post('/api/addCartFromPricelist/', guarded, async (request) => {
      const { cartList, contract, wms } = parseInput(addCartFromPricelistRequestSchema, request.body)
      const user = signedInUser(request)
      const context = await resolveCatalogueContext(db, user, contract, wms)
      const target = { userId: user.id, contractId: context.contract.id, now: deps.now() }
      const result = await addProductSet(
        db,
        target,
        cartList.map((item) => ({ ...item, wms })),
      )
      const answer: ProductSetResponse = { basket: await basketSummary(db, user, String(context.contract.id)), ...result }
      return answer
    })
  })
}
