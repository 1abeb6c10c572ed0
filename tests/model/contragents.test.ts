import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { CONTRAGENT_MESSAGES, type Contragent } from '../../src/contract/contragents'
import { INN_MESSAGES } from '../../src/contract/inn'
import { contragentFormMachine, type ContragentFormContext, type ContragentSaveRequest } from '../../src/machines/contragent-form.machine'
import { contragentFieldErrorsOf, contragentFormMessageOf, contragentFormTitleOf } from '../../src/machines/contragent-form.selectors'
import { CONTRAGENTS_MESSAGES, contragentsMachine, type ContragentsContext } from '../../src/machines/contragents.machine'
import { contragentDialogStepOf, contragentNoticeOf, contragentsViewOf, isContragentsBusyOf } from '../../src/machines/contragents.selectors'
import { TIMINGS } from '../../src/machines/timings'
import { ApiCallError } from '../../src/services/http'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const ACTIVE: Contragent = { id: 4, company: 'ООО «СтройМаркет-Снаб»', inn: '7707083893', kpp: '770701001', is_new: false, state: 'active' }
const INACTIVE: Contragent = { ...ACTIVE, id: 5, company: 'ИП Кузнецов', inn: '500100732259', kpp: '', state: 'inactive' }
const ADDED: Contragent = { id: 9, company: 'ООО «Альфа»', inn: '7830002293', kpp: '', is_new: true, state: 'active' }
const EDITED: Contragent = { ...ACTIVE, company: 'ООО «СтройМаркет-Снаб Плюс»' }
const FORBIDDEN = 'Контрагентами управляет только основной аккаунт компании'

const listCases: EventCases = {
  'xstate.done.actor.loadContragents': [
    { type: 'xstate.done.actor.loadContragents', output: { contragents: [ACTIVE, INACTIVE] } },
    { type: 'xstate.done.actor.loadContragents', output: { contragents: [] } },
  ],
  'xstate.error.actor.loadContragents': [{ type: 'xstate.error.actor.loadContragents', error: new ApiCallError(FORBIDDEN, 403) }],
  'contragent.activate': [{ type: 'contragent.activate', contragent: INACTIVE }],
  'contragent.deactivate': [{ type: 'contragent.deactivate', contragent: ACTIVE }],
  'contragent.remove': [{ type: 'contragent.remove', contragent: INACTIVE }],
  'contragent.edit': [{ type: 'contragent.edit', contragent: ACTIVE }],
  'xstate.done.actor.contragentForm': [
    { type: 'xstate.done.actor.contragentForm', output: { contragent: ADDED } },
    { type: 'xstate.done.actor.contragentForm', output: { contragent: EDITED } },
    { type: 'xstate.done.actor.contragentForm', output: { contragent: null } },
  ],
  'xstate.done.actor.switchContragent': [
    { type: 'xstate.done.actor.switchContragent', output: { ...INACTIVE, state: 'active' } },
    { type: 'xstate.done.actor.switchContragent', output: { ...ACTIVE, state: 'inactive' } },
  ],
  'xstate.error.actor.switchContragent': [{ type: 'xstate.error.actor.switchContragent', error: new ApiCallError(CONTRAGENT_MESSAGES.notFound, 404) }],
  'xstate.done.actor.removeContragent': [{ type: 'xstate.done.actor.removeContragent', output: { count: 1 } }],
  'xstate.error.actor.removeContragent': [{ type: 'xstate.error.actor.removeContragent', error: new ApiCallError(CONTRAGENT_MESSAGES.hasContracts, 409) }],
}

const listContext = (snapshot: AnyMachineSnapshot) => snapshot.context as ContragentsContext

describeMachinePaths(contragentsMachine, {
  cases: listCases,
  // the list's length matters to what the page shows (empty or not)
  serializeState: (state, event, prev) => {
    const key = `${JSON.stringify(state.value)} ${listContext(state).contragents.length > 0 ? 'rows' : 'none'}`
    return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
  },
  assertStep: (snapshot) => {
    const context = listContext(snapshot)
    if (snapshot.matches('failed')) expect(context.errorMessage).toBe(FORBIDDEN)
    if (snapshot.matches({ ready: 'removeFailed' })) expect(context.errorMessage).toBe(CONTRAGENT_MESSAGES.hasContracts)
    if (snapshot.matches({ ready: 'removed' })) expect(context.contragents.map((each) => each.id)).not.toContain(INACTIVE.id)
    // a save adds a row or changes one in place: no id twice, the changed row as the server answered
    if (snapshot.matches({ ready: 'saved' })) {
      const ids = context.contragents.map((each) => each.id)
      expect(new Set(ids).size).toBe(ids.length)
      expect([ACTIVE, EDITED, undefined]).toContainEqual(context.contragents.find((each) => each.id === ACTIVE.id))
    }
    if (snapshot.matches({ ready: 'editing' })) expect(context.target).toEqual(ACTIVE)
    // a switched row shows its new state (paths that start from the empty list have no row to switch)
    const stateOf = (id: number) => context.contragents.find((each) => each.id === id)?.state
    if (snapshot.matches({ ready: 'activated' })) expect(stateOf(INACTIVE.id) ?? 'active').toBe('active')
    if (snapshot.matches({ ready: 'deactivated' })) expect(stateOf(ACTIVE.id) ?? 'inactive').toBe('inactive')
  },
})

const formCases: EventCases = {
  'form.change': [
    { type: 'form.change', field: 'inn', value: '7707083894' },
    { type: 'form.change', field: 'company', value: 'ООО «Альфа»' },
    { type: 'form.change', field: 'inn', value: '7830002293' },
  ],
  'form.blur': [{ type: 'form.blur', field: 'inn' }],
  'xstate.done.actor.saveContragent': [{ type: 'xstate.done.actor.saveContragent', output: ADDED }],
  'xstate.error.actor.saveContragent': [
    { type: 'xstate.error.actor.saveContragent', error: new ApiCallError(CONTRAGENT_MESSAGES.duplicate, 409) },
    { type: 'xstate.error.actor.saveContragent', error: new ApiCallError('Нет связи с сервером', 0) },
  ],
}

const formContext = (snapshot: AnyMachineSnapshot) => snapshot.context as ContragentFormContext

describeMachinePaths(contragentFormMachine, {
  cases: formCases,
  input: { contragent: null },
  // what is typed decides where «Сохранить» goes (a few values: every combination is a vertex)
  serializeState: (state, event, prev) => {
    const key = `${JSON.stringify(state.value)} ${JSON.stringify(formContext(state).values)}`
    return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
  },
  assertStep: (snapshot) => {
    const context = formContext(snapshot)
    if (snapshot.matches({ editing: 'duplicate' })) expect(context.errorMessage).toBe('Этот контрагент уже зарегистрирован')
    if (snapshot.matches({ editing: 'incomplete' })) expect(context.touched).toEqual(['company', 'inn', 'kpp'])
    if (snapshot.matches('saved')) expect(context.saved).toEqual(ADDED)
  },
})

describe('contragents beyond the paths', () => {
  const provided = contragentsMachine.provide({
    actors: {
      loadContragents: fromPromise(() => Promise.resolve({ contragents: [ACTIVE, INACTIVE] })),
      switchContragent: fromPromise(({ input }: { input: { id: number; state: Contragent['state'] } }) =>
        Promise.resolve({ ...(input.id === ACTIVE.id ? ACTIVE : INACTIVE), state: input.state }),
      ),
    },
  })

  it('shows a confirmation for 3 s (spec §4: 3 s for contragents), then hides it', async () => {
    vi.useFakeTimers()
    try {
      const actor = createActor(provided).start()
      await vi.advanceTimersByTimeAsync(0)
      expect(contragentsViewOf(actor.getSnapshot())).toBe('list')
      actor.send({ type: 'contragent.deactivate', contragent: ACTIVE })
      expect(isContragentsBusyOf(actor.getSnapshot())).toBe(true)
      await vi.advanceTimersByTimeAsync(0)
      expect(contragentNoticeOf(actor.getSnapshot())).toBe(CONTRAGENTS_MESSAGES.deactivated)
      expect(isContragentsBusyOf(actor.getSnapshot())).toBe(false)
      await vi.advanceTimersByTimeAsync(TIMINGS.savedMessageLongMs - 1)
      expect(contragentNoticeOf(actor.getSnapshot())).toBe('Контрагент деактивирован')
      await vi.advanceTimersByTimeAsync(1)
      expect(contragentNoticeOf(actor.getSnapshot())).toBeNull()
      expect(TIMINGS.savedMessageLongMs).toBe(3_000)
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  it('asks before deleting and names the contragent; the empty list reads as empty', async () => {
    const actor = createActor(
      provided.provide({
        actors: {
          loadContragents: fromPromise(() => Promise.resolve({ contragents: [INACTIVE] })),
          removeContragent: fromPromise(() => Promise.resolve({ count: 0 })),
        },
      }),
    ).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true))
    actor.send({ type: 'contragent.remove', contragent: INACTIVE })
    expect(contragentDialogStepOf(actor.getSnapshot())).toBe('confirmingRemove')
    actor.send({ type: 'remove.confirm' })
    await vi.waitFor(() => expect(contragentNoticeOf(actor.getSnapshot())).toBe('Контрагент удалён'))
    expect(contragentsViewOf(actor.getSnapshot())).toBe('empty')
    actor.stop()
  })

  it('the form shows each field message once the field is left, and the server duplicate under the form', async () => {
    const actor = createActor(
      contragentFormMachine.provide({
        actors: { saveContragent: fromPromise(() => Promise.reject(new ApiCallError(CONTRAGENT_MESSAGES.duplicate, 409))) },
      }),
      { input: { contragent: null } },
    ).start()
    actor.send({ type: 'form.change', field: 'inn', value: '7707083894' })
    expect(contragentFieldErrorsOf(actor.getSnapshot()).inn).toBeNull()
    actor.send({ type: 'form.blur', field: 'inn' })
    expect(contragentFieldErrorsOf(actor.getSnapshot())).toEqual({ company: null, inn: INN_MESSAGES.checksum, kpp: null })
    actor.send({ type: 'form.change', field: 'kpp', value: '77' })
    actor.send({ type: 'form.submit' })
    expect(contragentFieldErrorsOf(actor.getSnapshot())).toEqual({
      company: 'Это поле необходимо заполнить.',
      inn: INN_MESSAGES.checksum,
      kpp: INN_MESSAGES.kpp,
    })
    actor.send({ type: 'form.change', field: 'company', value: 'ООО «Альфа»' })
    actor.send({ type: 'form.change', field: 'inn', value: '7707083893' })
    actor.send({ type: 'form.change', field: 'kpp', value: '' })
    actor.send({ type: 'form.submit' })
    await vi.waitFor(() => expect(contragentFormMessageOf(actor.getSnapshot())).toBe('Этот контрагент уже зарегистрирован'))
    actor.send({ type: 'form.change', field: 'kpp', value: '770701002' })
    expect(contragentFormMessageOf(actor.getSnapshot())).toBeNull()
    actor.stop()
  })

  it('«Изменить» opens the form prefilled; the save is a PUT of the id and the row changes in place', async () => {
    const saves: unknown[] = []
    const actor = createActor(
      contragentsMachine.provide({
        actors: {
          loadContragents: fromPromise(() => Promise.resolve({ contragents: [ACTIVE, INACTIVE] })),
          contragentForm: contragentFormMachine.provide({
            actors: {
              saveContragent: fromPromise(({ input }: { input: ContragentSaveRequest }) => {
                saves.push(input)
                return Promise.resolve(EDITED)
              }),
            },
          }),
        },
      }),
    ).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true))
    actor.send({ type: 'contragent.edit', contragent: ACTIVE })
    const form = actor.getSnapshot().children.contragentForm
    if (!form) throw new Error('the edit modal is not open')
    expect(form.getSnapshot().context.values).toEqual({ company: ACTIVE.company, inn: ACTIVE.inn, kpp: ACTIVE.kpp })
    expect(contragentFormTitleOf(form.getSnapshot())).toBe('Изменить контрагента')
    form.send({ type: 'form.change', field: 'company', value: EDITED.company })
    form.send({ type: 'form.submit' })
    await vi.waitFor(() => expect(contragentNoticeOf(actor.getSnapshot())).toBe('Данные сохранены'))
    expect(saves).toEqual([{ id: ACTIVE.id, values: { company: EDITED.company, inn: ACTIVE.inn, kpp: ACTIVE.kpp } }])
    expect(actor.getSnapshot().context.contragents).toEqual([EDITED, INACTIVE])
    expect(actor.getSnapshot().context.target).toBeNull()
    actor.stop()
  })
})
