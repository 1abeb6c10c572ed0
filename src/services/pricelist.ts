import { fromPromise } from 'xstate'
import { productSetResponseSchema, type ProductSetResponse } from '../contract/product-set'
import { pricelistResponseSchema, type AddCartFromPricelistRequest, type PricelistResponse } from '../contract/pricelist'
import type { Http } from './http'

/** A file the dealer chose (a browser File): the machine has checked its size already. */
export interface UploadFileRequest {
  file: { readonly name: string; readonly size: number }
  contract: string
  wms: number
}

export interface UploadTextRequest {
  text: string
  contract: string
  wms: number
}

/** POST /api/uploadsFromFile/: multipart with the fields first and the file (field `file`) last. */
export function uploadPricelistFile(http: Http, request: UploadFileRequest, signal?: AbortSignal): Promise<PricelistResponse> {
  const { file } = request
  if (!(file instanceof Blob)) return Promise.reject(new TypeError('uploadsFromFile needs the File the dealer chose'))
  const form = new FormData()
  form.append('contract', request.contract)
  form.append('wms', String(request.wms))
  form.append('file', file, file.name)
  return http.postForm('uploadsFromFile', form, pricelistResponseSchema, signal)
}

/** POST /api/uploadsFromBuffer/: the pasted text, form-encoded as the spec names it. */
export function uploadPricelistText(http: Http, request: UploadTextRequest, signal?: AbortSignal): Promise<PricelistResponse> {
  const form = new URLSearchParams({ text: request.text, contract: request.contract, wms: String(request.wms) })
  return http.postForm('uploadsFromBuffer', form, pricelistResponseSchema, signal)
}

/** The price-list screen's actors: read a file, read pasted text, add the chosen lines to the basket. */
export const createPricelistActors = (deps: { http: Http }) => ({
  uploadFile: fromPromise(({ input, signal }: { input: UploadFileRequest; signal: AbortSignal }) => uploadPricelistFile(deps.http, input, signal)),
  uploadText: fromPromise(({ input, signal }: { input: UploadTextRequest; signal: AbortSignal }) => uploadPricelistText(deps.http, input, signal)),
  addToCart: fromPromise(({ input, signal }: { input: AddCartFromPricelistRequest; signal: AbortSignal }): Promise<ProductSetResponse> =>
    deps.http.call('addCartFromPricelist', input, productSetResponseSchema, signal),
  ),
})
