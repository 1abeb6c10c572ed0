import type { BasketData, BasketLine } from '../../src/contract/basket'

/** A basket line of one product at one warehouse, priced and stocked as given. */
export function basketLine(id: number, wms: number, qnt: number, stock: number, price = 100): BasketLine {
  return {
    id,
    wms,
    qnt,
    sum: price * qnt,
    added_at: '2026-11-20T09:00:00.000Z',
    product: {
      id: 500 + id,
      header: `Товар ${id}`,
      articul: `ART-${id}`,
      price,
      price_rrc: price * 1.2,
      quantity: stock,
      wms_id: wms,
      picture: null,
      picturetype: 'svg',
      stocks: [{ wms_id: wms, quantity: stock }],
      inwish: false,
      need: 0,
      brand: { id: 1, header: 'Бренд' },
    },
  }
}

/** The basket of these lines, with totals as the server computes them. */
export function basketOf(lines: BasketLine[], contract = '1'): BasketData {
  const wms = [...new Set(lines.map((line) => line.wms))]
  return {
    products: Object.fromEntries(lines.map((line) => [String(line.id), line])),
    qnt: lines.reduce((total, line) => total + line.qnt, 0),
    region: '1',
    contract,
    stats: { count: { products: lines.length } },
    sum: lines.reduce((total, line) => total + line.sum, 0),
    actualWms: [
      { id: 1, header: 'Склад Парнас' },
      { id: 2, header: 'Склад Шушары' },
    ].filter((warehouse) => wms.includes(warehouse.id)),
  }
}
