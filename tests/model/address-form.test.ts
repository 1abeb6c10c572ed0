import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { ADDRESS_MESSAGES, type Address, type AddressSaveRequest } from '../../src/contract/addresses'
import type { Suggestion } from '../../src/contract/suggestions'
import { addressFormMachine, type AddressFormContext } from '../../src/machines/address-form.machine'
import { addressFormProblemsOf } from '../../src/machines/address-form.selectors'
import { TIMINGS } from '../../src/machines/timings'
import { ApiCallError } from '../../src/services/http'
import { suggestionsLogic } from '../../src/services/suggestions'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const KAZAN: Suggestion = { value: 'г. Казань', postindex: '420000' }
const OWN: Suggestion = { value: 'г. Казань, ул. Пушкина, д. 12' }
const SAVED: Address = { id: 41, full_address: 'г. Казань', postindex: '420000' }
const FAILURE = 'Адрес не найден'

const cases: EventCases = {
  'address.type': [
    { type: 'address.type', text: '' },
    { type: 'address.type', text: 'г. Каз' },
  ],
  'postindex.type': [
    { type: 'postindex.type', text: '42' },
    { type: 'postindex.type', text: '' },
  ],
  'suggestions.found': [
    { type: 'suggestions.found', suggestions: [KAZAN, OWN] },
    { type: 'suggestions.found', suggestions: [] },
  ],
  'list.move': [{ type: 'list.move', step: 1 }],
  'suggestion.choose': [{ type: 'suggestion.choose', index: 0 }],
  'xstate.done.actor.saveAddress': [{ type: 'xstate.done.actor.saveAddress', output: SAVED }],
  'xstate.error.actor.saveAddress': [{ type: 'xstate.error.actor.saveAddress', error: new ApiCallError(FAILURE, 404) }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as AddressFormContext
const problemsOf = (context: AddressFormContext) => addressFormProblemsOf(context)
const isValid = (context: AddressFormContext) => problemsOf(context).fullAddress === null && problemsOf(context).postindex === null

describeMachinePaths(addressFormMachine, {
  cases,
  input: { address: null },
  // whether the fields are right decides «Сохранить»; the highlighted suggestion decides Enter
  serializeState: (state, event, prev) => {
    const context = contextOf(state)
    const key = `${JSON.stringify(state.value)} ${isValid(context) ? 'valid' : 'invalid'} h${context.highlighted}`
    return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
  },
  assertStep: (snapshot) => {
    const context = contextOf(snapshot)
    expect(context.id).toBeNull()
    if (snapshot.matches({ editing: { list: 'closed' } })) expect(context.suggestions).toEqual([])
    if (snapshot.matches({ editing: { list: 'open' } })) expect(context.suggestions.length).toBeGreaterThan(0)
    if (snapshot.matches({ editing: { form: 'failed' } })) expect(context.errorMessage).toBe(FAILURE)
    if (snapshot.matches('saved') || snapshot.matches('done')) expect(context.saved).toEqual(SAVED)
    if (snapshot.matches('done')) expect(snapshot.output).toEqual({ saved: SAVED })
    if (snapshot.matches('cancelled')) expect(snapshot.output).toEqual({ saved: null })
  },
})

describe('addressForm beyond the paths', () => {
  const saving = (requests: { id: number | null; address: AddressSaveRequest }[]) =>
    fromPromise(async ({ input }: { input: { id: number | null; address: AddressSaveRequest } }) => {
      requests.push(input)
      return { id: input.id ?? 77, full_address: input.address.full_address, postindex: input.address.postindex ?? '' }
    })

  it('a chosen suggestion fills the address and its postal index; the save sends them trimmed; "Данные сохранены" closes after 1.5 s', async () => {
    vi.useFakeTimers()
    try {
      const requests: { id: number | null; address: AddressSaveRequest }[] = []
      const actor = createActor(addressFormMachine.provide({ actors: { saveAddress: saving(requests) } }), { input: { address: null } }).start()
      actor.send({ type: 'address.type', text: 'каз' })
      actor.send({ type: 'suggestions.found', suggestions: [OWN, KAZAN] })
      actor.send({ type: 'list.move', step: -1 })
      expect(actor.getSnapshot().context.highlighted).toBe(1)
      actor.send({ type: 'list.pick' })
      expect(actor.getSnapshot().context).toMatchObject({ fullAddress: 'г. Казань', postindex: '420000', suggestions: [] })
      actor.send({ type: 'address.type', text: '  г. Казань, ул. Баумана, д. 1  ' })
      actor.send({ type: 'form.submit' })
      await vi.advanceTimersByTimeAsync(0)
      expect(requests).toEqual([{ id: null, address: { full_address: 'г. Казань, ул. Баумана, д. 1', postindex: '420000' } }])
      expect(actor.getSnapshot().value).toBe('saved')
      await vi.advanceTimersByTimeAsync(TIMINGS.savedMessageMs - 1)
      expect(actor.getSnapshot().value).toBe('saved')
      await vi.advanceTimersByTimeAsync(1)
      expect(actor.getSnapshot().status).toBe('done')
      expect(actor.getSnapshot().output).toEqual({ saved: { id: 77, full_address: 'г. Казань, ул. Баумана, д. 1', postindex: '420000' } })
      expect(TIMINGS.savedMessageMs).toBe(1_500)
    } finally {
      vi.useRealTimers()
    }
  })

  it('edits an address: the fields start from it and the save names its id', async () => {
    const requests: { id: number | null; address: AddressSaveRequest }[] = []
    const actor = createActor(addressFormMachine.provide({ actors: { saveAddress: saving(requests) } }), { input: { address: SAVED } }).start()
    expect(actor.getSnapshot().context).toMatchObject({ id: 41, fullAddress: 'г. Казань', postindex: '420000' })
    actor.send({ type: 'postindex.type', text: '420111' })
    actor.send({ type: 'form.submit' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('saved'))
    expect(requests).toEqual([{ id: 41, address: { full_address: 'г. Казань', postindex: '420111' } }])
    actor.stop()
  })

  it('an empty address or a postal index of other than 6 digits is not sent; the messages follow the typing', () => {
    const actor = createActor(addressFormMachine, { input: { address: null } }).start()
    actor.send({ type: 'postindex.type', text: '4200' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().matches({ editing: { form: 'invalid' } })).toBe(true)
    expect(addressFormProblemsOf(actor.getSnapshot().context)).toEqual({
      fullAddress: ADDRESS_MESSAGES.fullAddressRequired,
      postindex: ADDRESS_MESSAGES.badPostindex,
    })
    actor.send({ type: 'address.type', text: 'г. Омск' })
    expect(addressFormProblemsOf(actor.getSnapshot().context)).toEqual({ fullAddress: null, postindex: ADDRESS_MESSAGES.badPostindex })
    actor.stop()
  })

  it('the typed text reaches the suggestion stream, whose answer opens the list', async () => {
    // the stream's chunk loads with the first text typed; here it is loaded before the clock stops
    await import('../../src/services/suggestion-stream')
    vi.useFakeTimers()
    try {
      const queries: string[] = []
      const suggest = suggestionsLogic(async (query) => {
        queries.push(query)
        return [KAZAN]
      })
      const actor = createActor(addressFormMachine.provide({ actors: { suggest } }), { input: { address: null } }).start()
      actor.send({ type: 'address.type', text: 'Ка' })
      actor.send({ type: 'address.type', text: 'Каз' })
      await vi.advanceTimersByTimeAsync(TIMINGS.autocompleteDebounceMs)
      expect(queries).toEqual(['Каз'])
      expect(actor.getSnapshot().matches({ editing: { list: 'open' } })).toBe(true)
      actor.send({ type: 'suggestion.choose', index: 0 })
      expect(actor.getSnapshot().context).toMatchObject({ fullAddress: 'г. Казань', postindex: '420000' })
      await vi.advanceTimersByTimeAsync(TIMINGS.autocompleteDebounceMs)
      // choosing asks for nothing more, and the list stays closed
      expect(queries).toEqual(['Каз'])
      expect(actor.getSnapshot().matches({ editing: { list: 'closed' } })).toBe(true)
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
  })
})
