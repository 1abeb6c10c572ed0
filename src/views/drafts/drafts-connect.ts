import type { SnapshotFrom } from 'xstate'
import type { Contract } from '../../contract/account'
import type { DraftListItem } from '../../contract/drafts'
import { DRAFTS_MESSAGES, type DraftsActor, type DraftsEvent, type draftsMachine } from '../../machines/drafts.machine'
import { draftDialogStepOf, draftsViewOf, isDraftsBulkBusyOf, isDraftsBusyOf } from '../../machines/drafts.selectors'
import { connectSelection } from '../ui/selection-connect'
import { formatCount, type WordForms } from '../ui/format'
import { isPastLastPage } from '../ui/pagination'
import { useViewModel } from '../ui/use-view-model'

type DraftsSnapshot = SnapshotFrom<typeof draftsMachine>
type Send = (event: DraftsEvent) => void

export const DRAFTS_LOADING_LABEL = 'Загрузка черновиков…'
const DRAFT_FORMS: WordForms = { one: 'черновик', few: 'черновика', many: 'черновиков' }

/** What the drafts screen reads from its machine: flat, so equal states compare shallowly equal. */
export const draftsStateOf = (snapshot: DraftsSnapshot) => ({
  view: draftsViewOf(snapshot),
  step: draftDialogStepOf(snapshot),
  isBusy: isDraftsBusyOf(snapshot),
  result: snapshot.context.result,
  page: snapshot.context.page,
  target: snapshot.context.target,
  repeat: snapshot.context.repeat,
  errorMessage: snapshot.context.errorMessage,
  selected: snapshot.context.selected,
  isBulkBusy: isDraftsBulkBusyOf(snapshot),
  /** the dialog of the selection bar's bulk removal, while it runs */
  bulkDialog: snapshot.children.bulkRemove ?? null,
})

export type DraftsState = ReturnType<typeof draftsStateOf>

/** The body: the error, past the last page, the empty notice, the first load, or the list. */
type DraftsBody = 'failed' | 'pastLastPage' | 'empty' | 'firstLoad' | 'list'

function bodyOf({ view, result, page }: DraftsState): DraftsBody {
  if (view === 'failed') return 'failed'
  if (view === 'empty') return result && isPastLastPage(page, result.pagination.pages) ? 'pastLastPage' : 'empty'
  return result ? 'list' : 'firstLoad'
}

/** The drafts screen's view-model (as the catalogue's `connect`): what the page and its dialogs show, and the events they send. */
function connectState(state: DraftsState, send: Send) {
  const { view, isBusy, result, page, target, repeat, errorMessage } = state
  const isLoading = view === 'loading'
  return {
    body: bodyOf(state),
    page,
    pages: result?.pagination.pages ?? 0,
    drafts: result?.drafts ?? [],
    errorMessage,
    isLoading,
    /** «Всего: 12 черновиков», or the loading label while the next page loads */
    caption: isLoading || !result ? DRAFTS_LOADING_LABEL : `Всего: ${formatCount(result.count, DRAFT_FORMS)}`,
    getRetryProps: () => ({ title: DRAFTS_MESSAGES.loadFailed, message: errorMessage, onRetry: () => send({ type: 'list.retry' }) }),
    getRepeatButtonProps: (draft: DraftListItem) => ({
      isDisabled: isBusy,
      'aria-label': `Повторить: ${draft.header}`,
      onPress: () => send({ type: 'draft.repeat', draft }),
    }),
    getRemoveButtonProps: (draft: DraftListItem) => ({
      isDisabled: isBusy,
      'aria-label': `Удалить: ${draft.header}`,
      onPress: () => send({ type: 'draft.remove', draft }),
    }),
    dialog: connectDialog(state, send),
    /** the check-all box, the row boxes and the bar with «Удалить выбранные» */
    selection: connectSelection({
      ids: result?.drafts.map((draft) => draft.id) ?? [],
      selected: state.selected,
      allLabel: 'Выбрать все черновики страницы',
      rowLabel: (id) => `Выбрать: ${result?.drafts.find((draft) => draft.id === id)?.header ?? id}`,
      isBusy,
      send,
      actions: [{ kind: 'button', key: 'remove', label: 'Удалить выбранные', isDisabled: isBusy, onPress: () => send({ type: 'selection.remove' }) }],
    }),
    bulkDialog: state.bulkDialog,
    /** the contract of a draft's row: its name, or its number when the cabinet does not know it */
    contractNameOf: (contracts: Contract[], id: string) => contracts.find((contract) => contract.id === id)?.header ?? `Договор № ${id}`,
    target,
    repeat,
  }
}

/** The dialog over the list: the removal question, the repeat's result, or a failed action. */
function connectDialog({ step, target, repeat, errorMessage }: DraftsState, send: Send) {
  const close = () => send({ type: 'dialog.close' })
  if (step === 'confirmingRemove' || step === 'removing') {
    return {
      kind: 'confirm' as const,
      title: DRAFTS_MESSAGES.removeQuestion,
      text: `«${target?.header ?? ''}»`,
      isBusy: step === 'removing',
      onConfirm: () => send({ type: 'remove.confirm' }),
      onCancel: () => send({ type: 'remove.cancel' }),
    }
  }
  if (step === 'repeatFailed' || step === 'removeFailed') {
    return {
      kind: 'failed' as const,
      title: step === 'repeatFailed' ? DRAFTS_MESSAGES.repeatFailed : DRAFTS_MESSAGES.removeFailed,
      text: errorMessage,
      onClose: close,
    }
  }
  if ((step === 'added' || step === 'noStock') && repeat) {
    const added = step === 'added'
    return {
      kind: 'repeated' as const,
      title: added ? DRAFTS_MESSAGES.addedTitle : DRAFTS_MESSAGES.noStockTitle,
      text: added ? DRAFTS_MESSAGES.addedText(repeat.count) : DRAFTS_MESSAGES.noStockText,
      toBasket: added,
      refused: repeat.refused,
      /** the goods went into another contract's basket than the selected one: that contract's name, else null */
      otherContractOf: (contracts: Contract[], selectedContract: string) =>
        added && target && target.contract !== selectedContract ? (contracts.find((each) => each.id === target.contract)?.header ?? null) : null,
      onClose: close,
    }
  }
  return { kind: 'none' as const }
}

export const connect = (snapshot: DraftsSnapshot, send: Send) => connectState(draftsStateOf(snapshot), send)

export type DraftsApi = ReturnType<typeof connectState>

export const useDraftsApi = (drafts: DraftsActor): DraftsApi => useViewModel(drafts, draftsStateOf, connectState)
