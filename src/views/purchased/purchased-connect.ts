import type { SnapshotFrom } from 'xstate'
import {
  PURCHASED_REPORT_COLUMNS,
  PURCHASED_REPORT_TITLES,
  PURCHASED_REPORTS,
  type PurchasedColumn,
  type PurchasedGoodsResponse,
  type PurchasedReport,
  type PurchasedRow,
} from '../../contract/purchased-goods'
import type { PeriodDraft } from '../../machines/purchased-goods-rules'
import {
  PURCHASED_SCREEN_MESSAGES,
  type PurchasedGoodsActor,
  type PurchasedGoodsEvent,
  type purchasedGoodsMachine,
} from '../../machines/purchased-goods.machine'
import { isPeriodInvalidOf, reportViewOf } from '../../machines/purchased-goods.selectors'
import { formatCount, formatInteger, formatMoney, PRODUCT_FORMS } from '../ui/format'
import { isPastLastPage } from '../ui/pagination'
import { useViewModel } from '../ui/use-view-model'
import { formatMoscowDate } from '../../contract/moscow-time'

type PurchasedSnapshot = SnapshotFrom<typeof purchasedGoodsMachine>
type Send = (event: PurchasedGoodsEvent) => void

export const PURCHASED_LOADING_LABEL = 'Загрузка отчёта…'

const NBSP = '\u00a0'

const COLUMN_TITLES: Record<PurchasedColumn, string> = {
  qnt: 'Количество, шт.',
  orders: 'Заказов',
  lastDate: 'Последний заказ',
  sum: 'Сумма',
}

const cellText: Record<PurchasedColumn, (row: PurchasedRow) => string> = {
  qnt: (row) => formatInteger(row.qnt),
  orders: (row) => formatInteger(row.orders),
  // the Moscow day the order was placed
  lastDate: (row) => formatMoscowDate(new Date(row.lastDate)),
  sum: (row) => formatMoney(row.sum),
}

/** What the purchased-goods screen reads from its machine: flat, so equal states compare shallowly equal. */
export const purchasedStateOf = (snapshot: PurchasedSnapshot) => ({
  view: reportViewOf(snapshot),
  isPeriodInvalid: isPeriodInvalidOf(snapshot),
  filters: snapshot.context.filters,
  period: snapshot.context.period,
  periodError: snapshot.context.periodError,
  result: snapshot.context.result,
  errorMessage: snapshot.context.errorMessage,
})

export type PurchasedState = ReturnType<typeof purchasedStateOf>

/** «26.10.2026 — 24.11.2026: 12 товаров, 480 шт., заказов: 36, на сумму 62 400,00 ₽» */
export const totalTextOf = ({ startDate, endDate, count, total }: PurchasedGoodsResponse) =>
  `${startDate} — ${endDate}: ${formatCount(count, PRODUCT_FORMS)}, ${formatInteger(total.qnt)} шт., заказов: ${formatInteger(total.orders)}, на сумму ${formatMoney(total.sum)}`

/** The report's body: the failure, the first load, or the report (kept while the next one loads). */
type PurchasedBody = 'failed' | 'firstLoad' | 'report'

const bodyOf = ({ view, result }: PurchasedState): PurchasedBody => (view === 'failed' ? 'failed' : result ? 'report' : 'firstLoad')

/** The purchased-goods screen's view-model (as the catalogue's `connect`): the report tabs, the filters, the report. */
function connectState(state: PurchasedState, send: Send) {
  const { view, result, filters, errorMessage } = state
  const isLoading = view === 'loading'
  const page = filters.page
  const pages = result?.pagination.pages ?? 0
  const hasSpend = (result?.count ?? 0) > 0
  return {
    body: bodyOf(state),
    getRetryProps: () => ({ title: PURCHASED_SCREEN_MESSAGES.loadFailed, message: errorMessage, onRetry: () => send({ type: 'report.retry' }) }),
    isLoading,
    /** spend by month, above the report when anything was bought */
    months: hasSpend ? (result?.months ?? null) : null,
    /** the loading label while the next report loads, the period's totals, or nothing when nothing was bought */
    caption: isLoading ? PURCHASED_LOADING_LABEL : result && hasSpend ? totalTextOf(result) : null,
    /** an empty report: past the last page (a link to it), or nothing bought in the period */
    emptyKind: view !== 'empty' ? null : isPastLastPage(page, pages) ? ('pastLastPage' as const) : ('empty' as const),
    table: result && result.rows.length > 0 ? connectTable(result) : null,
    page,
    pages,
    tabs: connectTabs(state, send),
    filtersForm: connectFiltersForm(state, send),
  }
}

/** The four reports as toggle buttons; the pressed one is the report shown. */
function connectTabs({ filters }: PurchasedState, send: Send) {
  return PURCHASED_REPORTS.map((report: PurchasedReport) => ({
    report,
    label: PURCHASED_REPORT_TITLES[report],
    getProps: () => ({
      type: 'button' as const,
      'aria-pressed': report === filters.report,
      onClick: () => send({ type: 'report.select', report }),
    }),
  }))
}

/** Contract and catalogue section apply at once; the period with «Показать». */
function connectFiltersForm({ filters, period, periodError, isPeriodInvalid, result }: PurchasedState, send: Send) {
  const edit = (field: keyof PeriodDraft) => (text: string) => send({ type: 'period.edit', field, text })
  return {
    contracts: result?.contracts ?? [],
    getContractSelectProps: () => ({
      value: filters.contract,
      onChange: (event: { target: { value: string } }) => send({ type: 'contract.select', contract: event.target.value }),
    }),
    /** «Все разделы», then the sections indented by their depth */
    catalogOptions: [
      { value: '0', label: 'Все разделы' },
      ...(result?.categories ?? []).map((category) => ({ value: category.id, label: NBSP.repeat(category.depth * 3) + category.header })),
    ],
    getCatalogSelectProps: () => ({
      value: String(filters.catalog),
      onChange: (event: { target: { value: string } }) => send({ type: 'catalog.select', catalog: Number(event.target.value) }),
    }),
    /** «С»: the calendar ends at the end date; the period's error shows under it */
    getStartDateProps: () => ({
      label: 'С',
      id: 'purchased-start',
      value: period.startDate,
      max: period.endDate || undefined,
      error: isPeriodInvalid ? periodError : null,
      onChange: edit('startDate'),
    }),
    /** «По»: the calendar starts at the start date */
    getEndDateProps: () => ({ label: 'По', id: 'purchased-end', value: period.endDate, min: period.startDate || undefined, onChange: edit('endDate') }),
    getFormProps: () => ({
      'aria-label': 'Фильтр отчёта',
      onSubmit: (event: { preventDefault: () => void }) => {
        event.preventDefault()
        send({ type: 'period.apply' })
      },
    }),
  }
}

/** One page of a report: header and articul, then the report's own columns (PURCHASED_REPORT_COLUMNS) as text. */
export function connectTable(result: PurchasedGoodsResponse) {
  const columns = PURCHASED_REPORT_COLUMNS[result.report]
  return {
    report: result.report,
    label: `Отчёт «${PURCHASED_REPORT_TITLES[result.report]}»`,
    columns: columns.map((column) => ({ column, title: COLUMN_TITLES[column] })),
    rows: result.rows.map((row) => ({
      id: row.id,
      header: row.header,
      articul: row.articul,
      cells: columns.map((column) => ({ column, title: COLUMN_TITLES[column], text: cellText[column](row) })),
    })),
  }
}

export type PurchasedTableApi = ReturnType<typeof connectTable>

export const connect = (snapshot: PurchasedSnapshot, send: Send) => connectState(purchasedStateOf(snapshot), send)

export type PurchasedApi = ReturnType<typeof connectState>

export const usePurchasedApi = (purchased: PurchasedGoodsActor): PurchasedApi => useViewModel(purchased, purchasedStateOf, connectState)
