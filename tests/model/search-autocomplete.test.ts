import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import type { AutocompleteItem } from '../../src/contract/search'
import {
  searchAutocompleteMachine,
  type SearchAutocompleteContext,
} from '../../src/machines/search-autocomplete.machine'
import { TIMINGS } from '../../src/machines/timings'
import { ApiCallError } from '../../src/services/http'
import { defaultSerializeState, describeMachinePaths, type EventCases } from '../support/path-testing'

const drill: AutocompleteItem = { id: 7, header: 'Дрель ударная 650 Вт', articul: 'DR-650', brand: { id: 3, header: 'Зубр' } }

const cases: EventCases = {
  'search.type': [
    { type: 'search.type', keyword: ' дрель ' },
    { type: 'search.type', keyword: 'д' },
    { type: 'search.type', keyword: '  ' },
  ],
  'search.choose': [{ type: 'search.choose', productId: drill.id }],
  'xstate.done.actor.loadSuggestions': [
    { type: 'xstate.done.actor.loadSuggestions', output: [drill] },
    { type: 'xstate.done.actor.loadSuggestions', output: [] },
  ],
  'xstate.error.actor.loadSuggestions': [
    { type: 'xstate.error.actor.loadSuggestions', error: new ApiCallError('Ошибка сервера (503)', 503) },
  ],
}

// `canSubmit` reads the keyword, so the key tells a searchable keyword from a short one
const serializeState = (state: AnyMachineSnapshot, event?: Parameters<typeof defaultSerializeState>[1], prev?: AnyMachineSnapshot) =>
  `${defaultSerializeState(state, event, prev)} searchable=${String((state.context as SearchAutocompleteContext).keyword.trim().length >= 2)}`

const submitted: string[] = []
const machine = searchAutocompleteMachine.provide({
  actions: { storeSubmittedKeyword: (_, { keyword }) => submitted.push(keyword) },
})

/** What the search field and its list show in each state. */
function assertFacts(snapshot: AnyMachineSnapshot) {
  const { keyword, suggestions, errorMessage, productId } = snapshot.context as SearchAutocompleteContext
  const state = String(snapshot.value)
  expect(suggestions.length > 0, state).toBe(state === 'suggestions' || state === 'productOpen')
  expect(errorMessage !== null, state).toBe(state === 'failed')
  expect(productId !== null, state).toBe(state === 'productOpen')
  if (state === 'idle') expect(keyword.trim()).toBe('')
  if (['debouncing', 'loading', 'noResults', 'submitted'].includes(state)) expect(keyword.trim().length).toBeGreaterThanOrEqual(2)
  if (state === 'failed') expect(errorMessage).toBe('Ошибка сервера (503)')
  if (state === 'submitted') expect(submitted.at(-1)).toBe(keyword.trim())
}

describeMachinePaths(machine, { cases, serializeState, assertStep: assertFacts })

describe('searchAutocomplete with real timers of its own', () => {
  afterEach(() => vi.useRealTimers())

  it('asks once per typing pause, for the trimmed keyword, and aborts the request a keystroke makes stale', async () => {
    vi.useFakeTimers()
    const asked: { keyword: string; signal: AbortSignal }[] = []
    const actor = createActor(
      searchAutocompleteMachine.provide({
        actors: {
          loadSuggestions: fromPromise(({ input, signal }: { input: { keyword: string }; signal: AbortSignal }) => {
            asked.push({ keyword: input.keyword, signal })
            return new Promise<AutocompleteItem[]>(() => {})
          }),
        },
      }),
    ).start()
    for (const keyword of ['др', 'дре', 'дрел']) {
      actor.send({ type: 'search.type', keyword })
      await vi.advanceTimersByTimeAsync(TIMINGS.autocompleteDebounceMs - 1)
    }
    expect(asked).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(asked.map((a) => a.keyword)).toEqual(['дрел'])
    actor.send({ type: 'search.type', keyword: 'дрель ' })
    expect(asked[0]!.signal.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(TIMINGS.autocompleteDebounceMs)
    expect(asked.map((a) => a.keyword)).toEqual(['дрел', 'дрель'])
    expect(asked[1]!.signal.aborted).toBe(false)
    actor.stop()
  })

  it('submits only 2 or more characters, and tells the app once', () => {
    const notified: string[] = []
    const actor = createActor(
      searchAutocompleteMachine.provide({
        actions: {
          storeSubmittedKeyword: (_, { keyword }) => notified.push(`store ${keyword}`),
          notifySubmitted: () => notified.push('go'),
        },
      }),
    ).start()
    actor.send({ type: 'search.type', keyword: 'д' })
    actor.send({ type: 'search.submit' })
    expect(actor.getSnapshot().value).toBe('tooShort')
    actor.send({ type: 'search.type', keyword: ' дрель ' })
    actor.send({ type: 'search.submit' })
    expect(actor.getSnapshot().value).toBe('submitted')
    expect(notified).toEqual(['store дрель', 'go'])
    actor.stop()
  })
})
