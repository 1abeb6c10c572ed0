import * as z from 'zod/mini'
import { initDataSchema, setContractRequestSchema, setContractResponseSchema } from '../../src/contract/account'
import { XLSX_CONTENT_TYPE as XLSX, actRequestSchema, actResponseSchema, actsQuerySchema, actsResponseSchema } from '../../src/contract/acts'
import {
  basketDataQuerySchema,
  basketDataSchema,
  clearBasketRequestSchema,
  clearBasketResponseSchema,
  overStockErrorSchema,
  processBasketRequestSchema,
  processBasketResponseSchema,
} from '../../src/contract/basket'
import { filterInitSchema } from '../../src/contract/catalogue-init'
import { filterRequestSchema } from '../../src/contract/catalogue'
import { brandProductsRequestSchema, brandProductsResponseSchema } from '../../src/contract/brand-products'
import { filterResponseSchema } from '../../src/contract/filter-answer'
import { okSchema } from '../../src/contract/common'
import {
  basketTableInitSchema,
  placeOrderConflictSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
  warehouseDirectionSchema,
} from '../../src/contract/delivery'
import { processProductSetRequestSchema, productSetResponseSchema } from '../../src/contract/product-set'
import {
  addToDraftRequestSchema,
  addToDraftResponseSchema,
  draftActionRequestSchema,
  draftRemovedResponseSchema,
  draftRepeatedResponseSchema,
  draftsQuerySchema,
  draftsResponseSchema,
} from '../../src/contract/drafts'
import { deleteFavoritesRequestSchema, markedGoodsQuerySchema, markedGoodsResponseSchema } from '../../src/contract/favorites'
import { needRequestSchema, needResponseSchema, unsetNeedRequestSchema, wishRequestSchema, wishResponseSchema } from '../../src/contract/marks'
import { orderExportQuerySchema, orderListQuerySchema, orderListSchema } from '../../src/contract/orders'
import { orderActionRequestSchema, orderCancelledResponseSchema, orderDetailSchema, orderRepeatedResponseSchema } from '../../src/contract/order-actions'
import { addCartFromPricelistRequestSchema, pricelistResponseSchema, uploadTextRequestSchema } from '../../src/contract/pricelist'
import { ajaxProductQuerySchema, bindsRequestSchema, bindsResponseSchema, productQuerySchema, productResponseSchema } from '../../src/contract/product'
import { purchasedGoodsQuerySchema, purchasedGoodsResponseSchema } from '../../src/contract/purchased-goods'
import { autocompleteQuerySchema, autocompleteResponseSchema, searchRequestSchema } from '../../src/contract/search'
import { operationsOf, type Operation } from './operation'

const SVG = 'image/svg+xml'

const catalogue = operationsOf('Каталог')
const basket = operationsOf('Корзина')
const orders = operationsOf('Заказы')
const drafts = operationsOf('Черновики')
const acts = operationsOf('Акты сверки')
const marked = operationsOf('Избранное и потребности')
const pricelist = operationsOf('Заказ по прайс-листу')

/** Both basket-line calls take and answer the same, refusing a quantity over the stock alike. */
const basketLineCall = {
  body: processBasketRequestSchema,
  answer: processBasketResponseSchema,
  errors: [404, 409],
  conflict: overStockErrorSchema,
}

/** The calls a dealer orders with (spec §3-7): the catalogue, the basket, orders, drafts, acts, marks, the price list. */
export const ORDERING_OPERATIONS: Operation[] = [
  catalogue.get('/api/initdata/', 'Start data: the account, contracts, warehouses, basket summary', { answer: initDataSchema }),
  catalogue.get('/api/filterinit/', 'The catalogue filter: brands, categories, parameters', { answer: filterInitSchema }),
  catalogue.post('/api/setContract/', 'Choose the working contract', { body: setContractRequestSchema, answer: setContractResponseSchema }),
  catalogue.post('/api/filter/', 'A page of the catalogue by filter', { body: filterRequestSchema, answer: filterResponseSchema }),
  catalogue.post('/api/getProductsByBrandId/', 'A page of one brand’s products', { body: brandProductsRequestSchema, answer: brandProductsResponseSchema }),
  catalogue.post('/api/search/', 'Search the catalogue by keyword', { body: searchRequestSchema, answer: filterResponseSchema }),
  catalogue.get('/search/', 'Search suggestions for the header’s search box', { query: autocompleteQuerySchema, answer: autocompleteResponseSchema }),
  catalogue.get('/api/ping/', 'Is the session alive', { answer: okSchema }),
  catalogue.get('/api/product/:id/', 'A product card', { query: productQuerySchema, answer: productResponseSchema }),
  catalogue.get('/ajax/getproduct/', 'A product card (legacy address)', { query: ajaxProductQuerySchema, answer: productResponseSchema, errors: [404] }),
  catalogue.post('/api/binds/', 'Stock and prices of several products', { body: bindsRequestSchema, answer: bindsResponseSchema, errors: [404] }),
  catalogue.get('/pictures/:id.svg', 'A product picture', { answerType: SVG, isPublic: true }),
  catalogue.get('/api/warehouse/:id/', 'A warehouse’s address and directions', { answer: warehouseDirectionSchema }),
  catalogue.get('/pictures/warehouse-map/:id.svg', 'A warehouse’s map', { answerType: SVG }),
  catalogue.get('/tpl/direction.html', 'A warehouse’s directions as a page fragment', {
    query: z.object({ id: z.string() }),
    answerType: 'text/html',
    errors: [404],
  }),
  basket.post('/api/processBasket/', 'Add a quantity to a basket line', basketLineCall),
  basket.post('/api/processBasketUpdate/', 'Set a basket line’s quantity (0 removes it)', basketLineCall),
  basket.get('/api/getBasketData/', 'The basket’s lines and sums', { query: basketDataQuerySchema, answer: basketDataSchema }),
  basket.post('/api/clearBasket/', 'Empty the basket', { body: clearBasketRequestSchema, answer: clearBasketResponseSchema }),
  basket.post('/api/processProductSet/', 'Put a set of products into the basket', { body: processProductSetRequestSchema, answer: productSetResponseSchema }),
  basket.get('/api/getBasketTableInit/', 'Delivery choices for the order form', { answer: basketTableInitSchema }),
  orders.post('/api/placeOrder/', 'Place the basket as an order', {
    body: placeOrderRequestSchema,
    answer: placeOrderResponseSchema,
    errors: [409],
    conflict: placeOrderConflictSchema,
  }),
  orders.get('/api/order/', 'The orders list by filter', { query: orderListQuerySchema, answer: orderListSchema }),
  orders.get('/api/order/:id/', 'One order with its delivery and lines', { answer: orderDetailSchema }),
  orders.post('/api/order/', 'Cancel or repeat an order', {
    body: orderActionRequestSchema,
    answer: z.union([orderCancelledResponseSchema, orderRepeatedResponseSchema]),
    errors: [404, 409],
  }),
  orders.get('/api/orderExport/', 'The checked orders as an XLSX file', { query: orderExportQuerySchema, answerType: XLSX, errors: [404] }),
  drafts.post('/api/addToDraft/', 'Save the basket as a draft', { body: addToDraftRequestSchema, answer: addToDraftResponseSchema }),
  drafts.get('/api/drafts/', 'The drafts list', { query: draftsQuerySchema, answer: draftsResponseSchema }),
  drafts.post('/api/drafts/', 'Delete a draft or put it into the basket', {
    body: draftActionRequestSchema,
    answer: z.union([draftRemovedResponseSchema, draftRepeatedResponseSchema]),
    errors: [404],
  }),
  acts.get('/api/getActs/', 'The reconciliation acts of a contract', { query: actsQuerySchema, answer: actsResponseSchema }),
  acts.post('/api/act/', 'Ask for a reconciliation act', { body: actRequestSchema, answer: actResponseSchema }),
  acts.get('/api/act/:id/file', 'A ready act as an XLSX file', { answerType: XLSX }),
  marked.get('/api/favorites/', 'The favourite products', { query: markedGoodsQuerySchema, answer: markedGoodsResponseSchema }),
  marked.get('/api/needs/', 'The products with a need', { query: markedGoodsQuerySchema, answer: markedGoodsResponseSchema }),
  marked.post('/api/setWish/', 'Mark a product favourite', { body: wishRequestSchema, answer: wishResponseSchema, errors: [404] }),
  marked.post('/api/unsetWish/', 'Unmark a favourite product', { body: wishRequestSchema, answer: wishResponseSchema }),
  marked.post('/ajax/deletefavorites/', 'Unmark a favourite product (legacy address)', { body: deleteFavoritesRequestSchema, answer: wishResponseSchema }),
  marked.post('/api/setNeed/', 'Set a product’s need', { body: needRequestSchema, answer: needResponseSchema, errors: [404] }),
  marked.post('/api/unsetNeed/', 'Clear a product’s need', { body: unsetNeedRequestSchema, answer: needResponseSchema }),
  marked.get('/api/purchasedGoods/', 'Purchased goods report', { query: purchasedGoodsQuerySchema, answer: purchasedGoodsResponseSchema }),
  pricelist.post('/api/uploadsFromFile/', 'Read an order file (XLSX, CSV) against the catalogue', {
    bodyType: 'multipart/form-data',
    answer: pricelistResponseSchema,
    errors: [413, 415],
  }),
  pricelist.post('/api/uploadsFromBuffer/', 'Read pasted order text against the catalogue', {
    body: uploadTextRequestSchema,
    answer: pricelistResponseSchema,
    errors: [413],
  }),
  pricelist.post('/api/addCartFromPricelist/', 'Put the read lines into the basket', {
    body: addCartFromPricelistRequestSchema,
    answer: productSetResponseSchema,
  }),
]
