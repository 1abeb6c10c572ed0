import { fromPromise } from 'xstate'
import {
  bindsResponseSchema,
  productResponseSchema,
  type BindData,
  type BindsRequest,
  type ProductCard,
  type ProductRequest,
  type TabRequest,
  type WishRequest,
} from '../contract/product'
import { ApiCallError, UNEXPECTED_ANSWER_MESSAGE, type Http } from './http'
import { setProductWish } from './product'

// the product card's calls, apart from the favourite flag the catalogue sets too: loaded with the
// card's code when a dealer first opens a product, not with the first load

/** GET /ajax/getproduct/?id=&contract=&warehouse=: the popup card (spec §2). */
async function loadProductCard(http: Http, request: ProductRequest, signal?: AbortSignal): Promise<ProductCard> {
  const query = { id: request.productId, contract: request.contract, warehouse: request.warehouse }
  const { product } = await http.getUrl('/ajax/getproduct/', productResponseSchema, query, signal)
  return product
}

/** POST /api/binds/ (bulk) for one async tab of one product: the item's data. */
async function loadProductTab(http: Http, request: TabRequest, signal?: AbortSignal): Promise<BindData> {
  const items: BindsRequest = [{ id: request.productId, bindIds: [request.tab], contract: request.contract, warehouse: request.warehouse }]
  const answer = await http.bulk('binds', items, bindsResponseSchema.def.element, signal)
  const item = answer.find((candidate) => candidate.id === request.productId)
  if (!item) throw new ApiCallError(UNEXPECTED_ANSWER_MESSAGE, 200, answer)
  return item.data
}

/** The product card's actors. */
export const createProductActors = (deps: { http: Http }) => ({
  loadProduct: fromPromise(({ input, signal }: { input: ProductRequest; signal: AbortSignal }) => loadProductCard(deps.http, input, signal)),
  loadTab: fromPromise(({ input, signal }: { input: TabRequest; signal: AbortSignal }) => loadProductTab(deps.http, input, signal)),
  saveWish: fromPromise(({ input, signal }: { input: WishRequest; signal: AbortSignal }) => setProductWish(deps.http, input, signal)),
})
