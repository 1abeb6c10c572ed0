import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyActorRef, type AnyMachineSnapshot } from 'xstate'
import type { Address, AddressesResponse, AddressSaveRequest } from '../../src/contract/addresses'
import { addressFormMachine } from '../../src/machines/address-form.machine'
import { TIMINGS } from '../../src/machines/timings'
import { addressesMachine, pageAfterRemoval, type AddressesContext } from '../../src/machines/addresses.machine'
import { ApiCallError } from '../../src/services/http'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const ADDRESS: Address = { id: 5, full_address: 'г. Москва, ул. Ленинская Слобода, д. 19, стр. 1', postindex: '115280' }
const SAVED: Address = { id: 9, full_address: 'г. Казань', postindex: '420000' }
const pageOf = (addresses: Address[], count: number, page = 2): AddressesResponse => ({
  addresses,
  count,
  pagination: { page, perpage: 20, pages: Math.ceil(count / 20) },
})
const FAILURE = 'Адрес не найден'

const cases: EventCases = {
  'page.change': [{ type: 'page.change', page: 3 }],
  'address.edit': [{ type: 'address.edit', address: ADDRESS }],
  'address.remove': [{ type: 'address.remove', address: ADDRESS }],
  'xstate.done.actor.loadPage': [
    { type: 'xstate.done.actor.loadPage', output: pageOf([ADDRESS], 21) },
    { type: 'xstate.done.actor.loadPage', output: pageOf([], 0) },
  ],
  'xstate.error.actor.loadPage': [{ type: 'xstate.error.actor.loadPage', error: new ApiCallError('Ошибка сервера (503)', 503) }],
  'xstate.done.actor.addressForm': [
    // a new row (added, or a changed address orders used), the edited row itself, nothing saved
    { type: 'xstate.done.actor.addressForm', output: { saved: SAVED } },
    { type: 'xstate.done.actor.addressForm', output: { saved: ADDRESS } },
    { type: 'xstate.done.actor.addressForm', output: { saved: null } },
  ],
  // 21 addresses left keeps page 2; 20 left empties it
  'xstate.done.actor.removeAddress': [
    { type: 'xstate.done.actor.removeAddress', output: { count: 21 } },
    { type: 'xstate.done.actor.removeAddress', output: { count: 20 } },
  ],
  'xstate.error.actor.removeAddress': [{ type: 'xstate.error.actor.removeAddress', error: new ApiCallError(FAILURE, 404) }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as AddressesContext

// a modal kept across a reload of the tab: once the page (or the empty notice) shows, it opens again
describeMachinePaths(addressesMachine.provide({ guards: { hasFormToResume: () => true } }), {
  cases: {
    'xstate.done.actor.loadPage': [
      { type: 'xstate.done.actor.loadPage', output: pageOf([ADDRESS], 21) },
      { type: 'xstate.done.actor.loadPage', output: pageOf([], 0) },
    ],
    'xstate.done.actor.addressForm': [{ type: 'xstate.done.actor.addressForm', output: { saved: null } }],
  },
  input: { page: 2 },
  // the paths below cover the rest; together they hold the machine to 100%
  expectFullCoverage: false,
  serializeState: (state, event, prev) => {
    const key = `${JSON.stringify(state.value)} ${contextOf(state).result?.addresses.length ?? '-'}`
    return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
  },
  assertStep: (snapshot) => {
    // the list is loaded behind the resumed modal, which adds (its own kept snapshot says what it edits)
    if (snapshot.matches('editing')) expect(contextOf(snapshot).result).not.toBeNull()
    expect(snapshot.matches({ loaded: 'idle' })).toBe(false)
  },
})

describeMachinePaths(addressesMachine, {
  cases,
  input: { page: 2 },
  limit: 20_000,
  // the page matters (a save or removal may move it) and whether the modal adds or edits
  serializeState: (state, event, prev) => {
    const context = contextOf(state)
    const key = `${JSON.stringify(state.value)} p${context.page} e${context.editing?.id ?? '-'}`
    return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
  },
  assertStep: (snapshot) => {
    const context = contextOf(snapshot)
    expect([1, 2, 3]).toContain(context.page)
    if (snapshot.matches('failed')) expect(context.errorMessage).toBe('Ошибка сервера (503)')
    if (snapshot.matches({ loaded: 'removeFailed' })) expect(context.errorMessage).toBe(FAILURE)
    if (snapshot.matches({ loaded: 'confirmingRemove' })) expect(context.target).toEqual(ADDRESS)
    if (snapshot.matches({ loaded: 'idle' })) expect(context.target).toBeNull()
    // the form runs only once its code is there
    expect(snapshot.children.addressForm !== undefined).toBe(snapshot.matches({ editing: 'open' }))
    if (!snapshot.matches('editing')) expect(context.editing).toBeNull()
  },
})

const fakeActors = (over: Partial<{ removedLeft: number }> = {}) => {
  const calls: string[] = []
  const logic = {
    loadPage: fromPromise(async ({ input }: { input: { page: number } }) => {
      calls.push(`load ${input.page}`)
      return pageOf([ADDRESS, SAVED], 41, input.page)
    }),
    removeAddress: fromPromise(async ({ input }: { input: { id: number } }) => {
      calls.push(`remove ${input.id}`)
      return { count: over.removedLeft ?? 41 }
    }),
    loadFormCode: fromPromise(async () => {}),
    addressForm: addressFormMachine.provide({
      actors: {
        saveAddress: fromPromise(async ({ input }: { input: { id: number | null; address: AddressSaveRequest } }) => {
          calls.push(`save ${input.id ?? 'new'}`)
          return input.id === null ? SAVED : { ...ADDRESS, postindex: input.address.postindex ?? '' }
        }),
      },
    }),
  }
  return { calls, logic }
}

/** The dealer fills the open modal and saves; "Данные сохранены" shows 1.5 s, then the modal closes. */
async function saveInModal(form: AnyActorRef | undefined, fields: { address?: string; postindex?: string }) {
  if (!form) throw new Error('the modal is not open')
  if (fields.address !== undefined) form.send({ type: 'address.type', text: fields.address })
  if (fields.postindex !== undefined) form.send({ type: 'postindex.type', text: fields.postindex })
  form.send({ type: 'form.submit' })
  await vi.advanceTimersByTimeAsync(0)
  await vi.advanceTimersByTimeAsync(TIMINGS.savedMessageMs)
}

describe('addresses beyond the paths', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('a new address saved away from page 1 goes to page 1, where it is highlighted, and the address follows', async () => {
    const { calls, logic } = fakeActors()
    const pages: number[] = []
    const actor = createActor(addressesMachine.provide({ actors: logic, actions: { notifyAddress: (_, { page }) => void pages.push(page) } }), {
      input: { page: 3 },
    }).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loaded')).toBe(true))
    actor.send({ type: 'address.add' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ editing: 'open' })).toBe(true))
    await saveInModal(actor.getSnapshot().children.addressForm, { address: 'г. Казань', postindex: '420000' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loaded')).toBe(true))
    expect(calls).toEqual(['load 3', 'save new', 'load 1'])
    expect(pages).toEqual([1])
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, selectedId: SAVED.id, editing: null })
    actor.stop()
  })

  it('an edited address stays on its page, highlighted', async () => {
    const { calls, logic } = fakeActors()
    const actor = createActor(addressesMachine.provide({ actors: logic }), { input: { page: 2 } }).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loaded')).toBe(true))
    actor.send({ type: 'address.edit', address: ADDRESS })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ editing: 'open' })).toBe(true))
    await saveInModal(actor.getSnapshot().children.addressForm, { postindex: '101000' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loaded')).toBe(true))
    expect(calls).toEqual(['load 2', `save ${ADDRESS.id}`, 'load 2'])
    expect(actor.getSnapshot().context.selectedId).toBe(ADDRESS.id)
    actor.stop()
  })

  it('removing the last address of a page goes one page back', async () => {
    const { calls, logic } = fakeActors({ removedLeft: 40 })
    const actor = createActor(addressesMachine.provide({ actors: logic }), { input: { page: 3 } }).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loaded')).toBe(true))
    actor.send({ type: 'address.remove', address: ADDRESS })
    actor.send({ type: 'remove.confirm' })
    await vi.waitFor(() => expect(calls).toEqual(['load 3', `remove ${ADDRESS.id}`, 'load 2']))
    expect(pageAfterRemoval(3, 40)).toBe(2)
    actor.stop()
  })
})
