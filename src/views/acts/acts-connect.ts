import type { SnapshotFrom } from 'xstate'
import { ACT_STATE_LABELS, actFilePath, type Act } from '../../contract/acts'
import type { ActField, ActsFilter } from '../../machines/act-rules'
import type { ActRequestActor, ActRequestEvent, actRequestMachine } from '../../machines/act-request.machine'
import { actRequestStepOf } from '../../machines/act-request.selectors'
import { ACTS_MESSAGES_UI, type ActsActor, type ActsEvent, type actsMachine } from '../../machines/acts.machine'
import { canRequestAct, listViewOf, openRequestOf, requestedActOf } from '../../machines/acts.selectors'
import { contractChoices } from '../ui/contract-options'
import { formatCount, formatDate, type WordForms } from '../ui/format'
import { isPastLastPage } from '../ui/pagination'
import { useViewModel } from '../ui/use-view-model'

type ActsSnapshot = SnapshotFrom<typeof actsMachine>
type Send = (event: ActsEvent) => void

const ACT_FORMS: WordForms = { one: 'акт', few: 'акта', many: 'актов' }

/** An act's state as its marker shows it: being made, ready, or failed. */
export type ActStateTone = 'working' | 'ready' | 'failed'
const TONES: Record<Act['state'], ActStateTone> = { queued: 'working', working: 'working', ready: 'ready', failed: 'failed' }

/** What the acts screen reads from its machine: flat, so equal states compare shallowly equal. */
export const actsStateOf = (snapshot: ActsSnapshot) => ({
  view: listViewOf(snapshot),
  canRequest: canRequestAct(snapshot),
  request: openRequestOf(snapshot),
  requested: requestedActOf(snapshot),
  result: snapshot.context.result,
  page: snapshot.context.page,
  errorMessage: snapshot.context.errorMessage,
  draft: snapshot.context.draft,
  filterErrorMessage: snapshot.context.filterErrorMessage,
})

export type ActsState = ReturnType<typeof actsStateOf>

/** The body: the first load's failure, the first load, or the list (kept while the next loads or a refresh fails). */
type ActsBody = 'failed' | 'firstLoad' | 'list'

/** a failure (the poll retries by itself) or a refusal (a 4xx such as 403 «Нет доступа»: nothing more is asked until «Повторить» or another filter) */
const isFailure = (view: ActsState['view']) => view === 'failed' || view === 'refused'

const bodyOf = ({ view, result }: ActsState): ActsBody => (result ? 'list' : isFailure(view) ? 'failed' : 'firstLoad')

/** What the list shows under its caption: the table, past the last page, or the empty notice. */
type ActsContent = 'table' | 'pastLastPage' | 'empty'

/** The acts screen's view-model (as the catalogue's `connect`): the request button and notice, the filter, the list. */
function connectState(state: ActsState, send: Send) {
  const { view, result, page, errorMessage, requested } = state
  const isLoading = view === 'loading'
  const pages = result?.pagination.pages ?? 0
  const retry = () => send({ type: 'list.retry' })
  const content: ActsContent = (result?.acts.length ?? 0) > 0 ? 'table' : isPastLastPage(page, pages) ? 'pastLastPage' : 'empty'
  return {
    /** «Запросить акт сверки»: enabled once the contracts are known and while the modal is closed */
    getRequestButtonProps: () => ({ isDisabled: !state.canRequest, onPress: () => send({ type: 'request.open' }) }),
    /** the request modal's form while it is open */
    request: state.request ?? null,
    closeRequest: () => send({ type: 'request.close' }),
    /** «Акт сверки № N запрошен: …» after a request, with «Закрыть» */
    notice: requested ? { text: ACTS_MESSAGES_UI.requested(requested), onClose: () => send({ type: 'notice.close' }) } : null,
    body: bodyOf(state),
    getRetryProps: () => ({ title: ACTS_MESSAGES_UI.loadFailed, message: errorMessage, onRetry: retry }),
    isLoading,
    /** «Всего: 3 акта. Список обновляется каждые 10 секунд.», or the loading label while the next list loads */
    caption: isLoading || !result ? ACTS_MESSAGES_UI.loading : `Всего: ${formatCount(result.count, ACT_FORMS)}. Список обновляется каждые 10 секунд.`,
    /** the pause while the tab is hidden, null otherwise */
    pausedText: view === 'paused' ? ACTS_MESSAGES_UI.paused : null,
    /** a refresh failed over the last list: «Список не обновлён» with «Повторить» */
    refreshFailed: isFailure(view) ? { title: ACTS_MESSAGES_UI.refreshFailed, message: errorMessage, onRetry: retry } : null,
    content,
    acts: result?.acts ?? [],
    page,
    pages,
    filter: connectFilter(state, send),
  }
}

/** The list's filter: contract, contragent and the period the acts were requested in, applied by «Показать». */
function connectFilter({ draft, filterErrorMessage, result }: ActsState, send: Send) {
  const edit = (field: keyof ActsFilter) => (value: string) => send({ type: 'filter.edit', field, value })
  return {
    getFormProps: () => ({
      'aria-label': 'Отбор актов',
      noValidate: true,
      onSubmit: (event: { preventDefault: () => void }) => {
        event.preventDefault()
        send({ type: 'filter.apply' })
      },
    }),
    getContractProps: () => ({ label: 'Договор', value: draft.contract, options: contractChoices(result?.contracts ?? []), onChange: edit('contract') }),
    getContragentProps: () => ({
      label: 'Контрагент',
      value: draft.contragent,
      options: [{ value: '0', label: 'Все контрагенты' }, ...(result?.contragents ?? []).map((each) => ({ value: each.id, label: each.company }))],
      onChange: edit('contragent'),
    }),
    /** «Запрошены с»: the filter's error (a date not real, the start after the end) shows under it */
    getStartDateProps: () => ({ label: 'Запрошены с', value: draft.startDate, onChange: edit('startDate'), error: filterErrorMessage }),
    getEndDateProps: () => ({ label: 'Запрошены по', value: draft.endDate, onChange: edit('endDate') }),
  }
}

/** What one act's row says: its number, period, request day, state and, when ready, the file's link. */
export const actRowOf = (act: Act) => ({
  label: `Акт № ${act.id}`,
  period: `${act.startdate} – ${act.enddate}`,
  requestedOn: formatDate(act.created_at),
  stateLabel: ACT_STATE_LABELS[act.state],
  tone: TONES[act.state],
  file: act.state === 'ready' ? { href: actFilePath(act.id), 'aria-label': `Скачать акт № ${act.id} (XLSX)` } : null,
})

export const connect = (snapshot: ActsSnapshot, send: Send) => connectState(actsStateOf(snapshot), send)

export type ActsApi = ReturnType<typeof connectState>

export const useActsApi = (acts: ActsActor): ActsApi => useViewModel(acts, actsStateOf, connectState)

/** What the request modal reads from its machine. */
export const actRequestStateOf = (snapshot: SnapshotFrom<typeof actRequestMachine>) => ({
  step: actRequestStepOf(snapshot),
  fields: snapshot.context.fields,
  contracts: snapshot.context.contracts,
  errorMessage: snapshot.context.errorMessage,
})

/** The spec's /tpl/act_form.html: contract, contragent and the period; «Запросить» checks it, then sends. */
export function connectActRequest({ step, fields, contracts, errorMessage }: ReturnType<typeof actRequestStateOf>, send: (event: ActRequestEvent) => void) {
  const isSending = step === 'submitting'
  const change = (field: ActField) => (value: string) => send({ type: 'field.change', field, value })
  const contragents = [...new Map(contracts.map((contract) => [contract.contragent_id, contract.contragent])).entries()]
  return {
    isSending,
    /** while it sends, neither Escape nor a click outside closes the modal */
    isDismissable: !isSending,
    getContragentProps: () => ({
      label: 'Контрагент',
      value: fields.contragent_id,
      options: contragents.map(([id, company]) => ({ value: id, label: company })),
      onChange: change('contragent_id'),
      disabled: isSending,
    }),
    getContractProps: () => ({
      label: 'Договор',
      value: fields.contract_id,
      options: contracts.map((contract) => ({ value: contract.id, label: contract.header })),
      onChange: change('contract_id'),
      disabled: isSending,
    }),
    getStartDateProps: () => ({ label: 'Начало периода', value: fields.startdate, onChange: change('startdate'), disabled: isSending }),
    getEndDateProps: () => ({ label: 'Конец периода', value: fields.enddate, onChange: change('enddate'), disabled: isSending }),
    /** the form's own check (spec §5) or the server's refusal, null while there is none */
    error: errorMessage ? { text: errorMessage, kind: step === 'invalid' ? ('form' as const) : ('server' as const) } : null,
    submitLabel: isSending ? 'Отправка…' : 'Запросить',
    submit: () => send({ type: 'form.submit' }),
  }
}

export type ActRequestApi = ReturnType<typeof connectActRequest>

export const useActRequestApi = (request: ActRequestActor): ActRequestApi => useViewModel(request, actRequestStateOf, connectActRequest)
