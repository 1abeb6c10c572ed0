import { wishResponseSchema, type WishRequest } from '../contract/marks'
import type { Http } from './http'

/** POST /api/setWish/ or /api/unsetWish/ {id}: the favourite flag as the server now has it. */
export async function setProductWish(http: Http, request: WishRequest, signal?: AbortSignal): Promise<boolean> {
  const { inwish } = await http.call(request.inwish ? 'setWish' : 'unsetWish', { id: request.productId }, wishResponseSchema, signal)
  return inwish
}
