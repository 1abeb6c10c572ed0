import type { SnapshotFrom } from 'xstate'
import { EXPORTER_FILE_URL } from '../../contract/exporter'
import type { BrandView } from '../../machines/exporter-rules'
import { EXPORTER_MESSAGES_UI, type ExporterActor, type ExporterEvent, type exporterMachine } from '../../machines/exporter.machine'
import {
  brandViewOf,
  brandsAreaOf,
  canStartOf,
  isStartingOf,
  jobMessageOf,
  jobPanelOf,
  letterTicksOf,
  progressPercentOf,
  rawTicksOf,
  reportDateOf,
  selectedCountOf,
  selectionStepOf,
  startMessageOf,
} from '../../machines/exporter.selectors'
import { formatCount, type WordForms } from '../ui/format'
import { useViewModel } from '../ui/use-view-model'

type ExporterSnapshot = SnapshotFrom<typeof exporterMachine>

export const EXPORTER_LOADING_LABEL = EXPORTER_MESSAGES_UI.loading
const BRAND_FORMS: WordForms = { one: 'бренд', few: 'бренда', many: 'брендов' }

/** What the exporter screen reads from its machine: flat, so equal states compare shallowly equal. */
const exporterStateOf = (snapshot: ExporterSnapshot) => ({
  area: brandsAreaOf(snapshot),
  view: brandViewOf(snapshot),
  search: snapshot.context.search,
  raw: rawTicksOf(snapshot),
  letters: letterTicksOf(snapshot),
  selectedCount: selectedCountOf(snapshot),
  selection: selectionStepOf(snapshot),
  errorMessage: snapshot.context.errorMessage,
  panel: jobPanelOf(snapshot),
  percent: progressPercentOf(snapshot),
  reportDate: reportDateOf(snapshot),
  jobMessage: jobMessageOf(snapshot),
  canStart: canStartOf(snapshot),
  isStarting: isStartingOf(snapshot),
  startMessage: startMessageOf(snapshot),
})

type ExporterState = ReturnType<typeof exporterStateOf>

const SELECTION_LINES: Record<ExporterState['selection'], string | null> = {
  clean: null,
  dirty: 'Выбор изменён и не сохранён',
  saving: 'Сохранение…',
  saved: EXPORTER_MESSAGES_UI.saved,
  saveFailed: EXPORTER_MESSAGES_UI.saveFailed,
}

const VIEW_LABELS: Record<BrandView, string> = { packed: 'По алфавиту', raw: 'Списком' }

/** The exporter screen's view-model: what the page shows and the events it sends. */
function connectExporter(state: ExporterState, send: (event: ExporterEvent) => void) {
  return {
    ...state,
    caption: `Выбрано: ${formatCount(state.selectedCount, BRAND_FORMS)}`,
    selectionLine: SELECTION_LINES[state.selection],
    selectionError: state.selection === 'saveFailed' ? state.errorMessage : null,
    fileUrl: EXPORTER_FILE_URL,
    getRetryProps: () => ({ title: EXPORTER_MESSAGES_UI.loadFailed, message: state.errorMessage, onRetry: () => send({ type: 'brands.retry' }) }),
    getSearchProps: () => ({ value: state.search, onChange: (text: string) => send({ type: 'search.change', text }) }),
    viewOptions: (['packed', 'raw'] as const).map((view) => ({
      view,
      label: VIEW_LABELS[view],
      isCurrent: state.view === view,
      onPress: () => send({ type: 'view.switch', view }),
    })),
    toggleBrand: (id: number) => send({ type: 'brand.toggle', id }),
    toggleLetter: (letter: string) => send({ type: 'letter.toggle', letter }),
    getSaveProps: () => ({
      isDisabled: state.selection !== 'dirty' && state.selection !== 'saveFailed',
      onPress: () => send({ type: 'brands.save' }),
    }),
    getStartProps: () => ({ isDisabled: !state.canStart, onPress: () => send({ type: 'export.start' }) }),
    closeStartMessage: () => send({ type: 'notice.close' }),
  }
}

export type ExporterApi = ReturnType<typeof connectExporter>

export const useExporterApi = (actor: ExporterActor) => useViewModel(actor, exporterStateOf, connectExporter)
