import type { SnapshotFrom } from 'xstate'
import type { Warehouse } from '../../contract/account'
import { DRAFT_HEADER_MAX_LENGTH } from '../../contract/draft-header'
import { DRAFT_SAVE_MESSAGES, WAREHOUSE_MAP_MESSAGES } from '../../machines/basket-messages'
import type { DraftSaveActor, DraftSaveEvent, draftSaveMachine } from '../../machines/draft-save.machine'
import { draftSaveStepOf, isDraftSaveFailedOf } from '../../machines/draft-save.selectors'
import type { WarehouseMapActor, WarehouseMapEvent, warehouseMapMachine } from '../../machines/warehouse-map.machine'
import { warehouseMapViewOf } from '../../machines/warehouse-map.selectors'
import { useViewModel } from '../ui/use-view-model'

type DraftSaveSnapshot = SnapshotFrom<typeof draftSaveMachine>
type WarehouseMapSnapshot = SnapshotFrom<typeof warehouseMapMachine>

const DRAFT_SAVE_BUTTON = 'Сохранить как черновик'

/** What «Сохранить как черновик» reads from its machine: flat, so equal states compare shallowly equal. */
const draftSaveStateOf = (snapshot: DraftSaveSnapshot) => ({
  step: draftSaveStepOf(snapshot),
  isFailed: isDraftSaveFailedOf(snapshot),
  header: snapshot.context.header,
  problem: snapshot.context.problem,
  errorMessage: snapshot.context.errorMessage,
  savedHeader: snapshot.context.draft?.header ?? '',
})

type DraftSaveState = ReturnType<typeof draftSaveStateOf>

/** The draft saving's view-model: the toolbar's button, the name dialog and the "saved" message. */
function connectDraftSaveState(state: DraftSaveState, send: (event: DraftSaveEvent) => void) {
  const { step, isFailed, header, problem, errorMessage, savedHeader } = state
  const isSaving = step === 'saving'
  const cancel = () => send({ type: 'draft.cancel' })
  return {
    /**
     * the toolbar's button: pressed while a quantity is being saved (the press left its field), it opens
     * the dialog all the same (the draft waits for the save); it waits while the dialog opens or is open
     */
    getOpenButtonProps: () => ({
      isDisabled: step !== 'closed' && step !== 'saved',
      onPress: () => send({ type: 'draft.open' }),
      children: DRAFT_SAVE_BUTTON,
    }),
    /** «Черновик «…» сохранён» with «Закрыть», for 1.5 s, or null */
    saved: step === 'saved' ? { text: DRAFT_SAVE_MESSAGES.saved(savedHeader), onClose: () => send({ type: 'draft.dismiss' }) } : null,
    /** the name dialog, while the name is typed or saved, or null */
    dialog:
      step === 'editing' || isSaving
        ? {
            title: DRAFT_SAVE_BUTTON,
            isSaving,
            /** Escape and a click outside close it, except while saving */
            onDismiss: isSaving ? undefined : cancel,
            getFieldProps: () => ({
              label: 'Название черновика',
              value: header,
              error: problem,
              isRequired: true,
              isDisabled: isSaving,
              maxLength: DRAFT_HEADER_MAX_LENGTH,
              onChange: (value: string) => send({ type: 'draft.change', header: value }),
              onBlur: () => send({ type: 'draft.blur' }),
            }),
            /** «Черновик не сохранён» with the server's message, or null */
            failure: isFailed ? { title: DRAFT_SAVE_MESSAGES.saveFailed, message: errorMessage } : null,
            submit: () => send({ type: 'draft.save' }),
            getSaveButtonProps: () => ({
              type: 'submit' as const,
              variant: 'primary' as const,
              isDisabled: isSaving,
              children: isSaving ? 'Сохранение…' : 'Сохранить',
            }),
            getCancelButtonProps: () => ({ isDisabled: isSaving, onPress: cancel, children: 'Отмена' }),
          }
        : null,
  }
}

export const connectDraftSave = (snapshot: DraftSaveSnapshot, send: (event: DraftSaveEvent) => void) =>
  connectDraftSaveState(draftSaveStateOf(snapshot), send)

export type DraftSaveApi = ReturnType<typeof connectDraftSaveState>

export const useDraftSaveApi = (draftSave: DraftSaveActor): DraftSaveApi => useViewModel(draftSave, draftSaveStateOf, connectDraftSaveState)

/** «Схема проезда: <склад>»: the map's title and every opener's accessible name. */
export const warehouseMapTitle = (warehouse: Pick<Warehouse, 'header'>) => `${WAREHOUSE_MAP_MESSAGES.title}: ${warehouse.header}`

/** What the map window reads from its machine. */
const warehouseMapStateOf = (snapshot: WarehouseMapSnapshot) => ({
  view: warehouseMapViewOf(snapshot),
  warehouse: snapshot.context.warehouse,
  errorMessage: snapshot.context.errorMessage,
})

type WarehouseMapState = ReturnType<typeof warehouseMapStateOf>

/** The map window's view-model: loading, the failure with «Повторить», or the warehouse's facts and picture. */
function connectWarehouseMapState({ view, warehouse, errorMessage }: WarehouseMapState, send: (event: WarehouseMapEvent) => void) {
  return {
    view,
    loadingLabel: WAREHOUSE_MAP_MESSAGES.loading,
    getFailedProps: () => ({ title: WAREHOUSE_MAP_MESSAGES.loadFailed, message: errorMessage, onRetry: () => send({ type: 'map.retry' }) }),
    /** the address, «Режим работы» and the picture, once shown */
    shown:
      view === 'shown' && warehouse
        ? {
            address: warehouse.address,
            scheduleTitle: WAREHOUSE_MAP_MESSAGES.schedule,
            schedule: warehouse.schedule,
            picture: { src: warehouse.map, alt: `Схема проезда к складу «${warehouse.header}»: ${warehouse.address}` },
          }
        : null,
  }
}

export const connectWarehouseMap = (snapshot: WarehouseMapSnapshot, send: (event: WarehouseMapEvent) => void) =>
  connectWarehouseMapState(warehouseMapStateOf(snapshot), send)

export type WarehouseMapApi = ReturnType<typeof connectWarehouseMapState>

export const useWarehouseMapApi = (map: WarehouseMapActor): WarehouseMapApi => useViewModel(map, warehouseMapStateOf, connectWarehouseMapState)
