import type { ManagerChoices, Manager } from '../../src/contract/managers'
import { managerEditingMachine } from '../../src/machines/manager-editing.machine'
import { ApiCallError, NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { browserPaths, type BrowserPaths } from './browser-paths'
import type { EventCases } from './path-testing'

/** The data of the manager-editing paths: the model test replays them against the machine, the e2e spec in the browser. */
export const EDITED: Manager = {
  id: 41,
  enabled: '1',
  type_id: '2',
  email: 'snab@stroymarket.example',
  name: 'Снабженец',
  contractSelect: ['1'],
  contracts: ['Договор поставки № 1'],
  disabledMenus: ['acts'],
}

export const CHOICES: ManagerChoices = {
  contragents: [{ id: '1', company: 'ООО «СтройМаркет»' }],
  contracts: [
    { id: '1', header: 'Договор поставки № 1', contragent_id: '1' },
    { id: '2', header: 'Договор поставки № 2', contragent_id: '1' },
  ],
  menu: [
    { key: 'orders', title: 'Заказы', children: [{ key: 'acts', title: 'Акты сверки' }] },
    { key: 'favorites', title: 'Избранное', children: [] },
  ],
  disabledMenus: [],
  contractSelect: [],
}

export const EMAIL_TAKEN = 'Этот Email уже занят'
export const LOAD_FAILURE = 'Ошибка сервера (503)'
export const SAVE_REFUSED = 'Некорректный запрос: поле «email»: Введите корректный e-mail'

/** One payload per event; the contract toggle is the first contract (a new form starts with none, so one toggle makes it valid). */
export const MANAGER_EDITING_CASES: EventCases = {
  'form.email': [{ type: 'form.email', value: 'new@stroymarket.example' }],
  'form.name': [{ type: 'form.name', value: 'Снабженец' }],
  'contract.toggle': [{ type: 'contract.toggle', id: '1' }],
  'menu.toggle': [{ type: 'menu.toggle', key: 'orders' }],
  'xstate.done.actor.loadChoices': [{ type: 'xstate.done.actor.loadChoices', output: CHOICES }],
  'xstate.error.actor.loadChoices': [{ type: 'xstate.error.actor.loadChoices', error: new ApiCallError(LOAD_FAILURE, 503) }],
  'xstate.done.actor.saveManager': [{ type: 'xstate.done.actor.saveManager', output: EDITED }],
  'xstate.error.actor.saveManager': [
    { type: 'xstate.error.actor.saveManager', error: new ApiCallError(EMAIL_TAKEN, 409) },
    { type: 'xstate.error.actor.saveManager', error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) },
    { type: 'xstate.error.actor.saveManager', error: new ApiCallError(SAVE_REFUSED, 400) },
  ],
}

/** A new manager's form (no contract chosen at first, so «Выберите договор» is reachable). */
export const NEW_MANAGER_INPUT = { manager: null }

/** Whether the contract set is empty matters (the validation); the rest lives in the state value. */
export const serializeManagerEditing = (state: { value: unknown; context: unknown }, event?: { type: string }, prev?: { value: unknown }) => {
  const context = state.context as { draft: { contractSelect: string[] } }
  const key = `${JSON.stringify(state.value)} c${context.draft.contractSelect.length}`
  return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
}

/** The same paths, and the fewest a main account can walk on /cabinet/managers/ that take every transition (tests/e2e/manager-editing-paths.spec.ts). */
export const managerEditingBrowserPaths = (): BrowserPaths =>
  browserPaths(managerEditingMachine, {
    cases: MANAGER_EDITING_CASES,
    input: NEW_MANAGER_INPUT,
    serializeState: serializeManagerEditing,
    limit: 20_000,
    cover: 'definition',
  })
