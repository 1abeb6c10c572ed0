import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import type { ProductCard, ProductRequest } from '../../src/contract/product'
import type { AutocompleteItem } from '../../src/contract/search'
import { productCardMachine } from '../../src/machines/product-card.machine'
import { NO_HIGHLIGHT, stepHighlight } from '../../src/machines/suggestion-list'
import { searchAutocompleteMachine, type SearchAutocompleteContext } from '../../src/machines/search-autocomplete.machine'
import { TIMINGS } from '../../src/machines/timings'
import { ApiCallError } from '../../src/services/http'
import { describeMachinePaths, type EventCases, type SerializeState } from '../support/path-testing'

const item = (id: number, header: string, articul: string): AutocompleteItem => ({ id, header, articul, brand: { id: 3, header: 'Зубр' } })
const drill = item(7, 'Дрель ударная 650 Вт', 'DR-650')
const saw = item(8, 'Пила циркулярная 1200 Вт', 'PC-1200')
const grinder = item(9, 'Шлифмашина угловая 900 Вт', 'SM-900')

/** the dealer's selected contract and chosen warehouse, as the header's search box sends them */
const offer = { contract: '102', warehouse: 2 }

const cases: EventCases = {
  'search.type': [
    { type: 'search.type', keyword: ' дрель ' },
    { type: 'search.type', keyword: 'д' },
    { type: 'search.type', keyword: '  ' },
  ],
  'search.choose': [{ type: 'search.choose', productId: saw.id, offer }],
  'list.pick': [{ type: 'list.pick', offer }],
  'list.move': [
    { type: 'list.move', step: 1 },
    { type: 'list.move', step: -1 },
  ],
  'xstate.done.actor.loadSuggestions': [
    { type: 'xstate.done.actor.loadSuggestions', output: [drill] },
    { type: 'xstate.done.actor.loadSuggestions', output: [drill, saw, grinder] },
    { type: 'xstate.done.actor.loadSuggestions', output: [] },
  ],
  'xstate.error.actor.loadSuggestions': [{ type: 'xstate.error.actor.loadSuggestions', error: new ApiCallError('Ошибка сервера (503)', 503) }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as SearchAutocompleteContext

/**
 * The `search` and `list` regions and the facts guards read (how many suggestions, which one is
 * highlighted), plus the incoming edge, so each transition gets a path of its own. The edge
 * names the event and the `list` state it left: most transitions belong to a region, not to
 * the state they leave, and the graph stays at about 70 paths. The `field` region is left out:
 * no guard reads it.
 */
function factsOf(snapshot: AnyMachineSnapshot): string {
  const { search, list } = snapshot.value as { search: string; list: string }
  const { suggestions, highlighted } = contextOf(snapshot)
  return `${search}/${list} options=${suggestions.length} highlighted=${highlighted}`
}

// closing the card is one event from three states (its code loading, failed, the card open)
const sourceOf = (prev: AnyMachineSnapshot, event: { type: string }) => (event.type === 'card.close' ? `${(prev.value as { search: string }).search}/` : '')
const serializeState: SerializeState = (state, event, prev) =>
  event && prev ? `${factsOf(state)} via ${event.type} from ${sourceOf(prev, event)}list ${(prev.value as { list: string }).list}` : factsOf(state)

const submitted: string[] = []
const machine = searchAutocompleteMachine.provide({
  actions: { storeSubmittedKeyword: (_, { keyword }) => submitted.push(keyword) },
})

/** A chosen product: its card's code loads, did not load, or the card runs. */
const CARD_STATES = ['loadingCode', 'codeFailed', 'productOpen']

/** What the search field and its list show in each state. */
function assertFacts(snapshot: AnyMachineSnapshot) {
  const { keyword, suggestions, errorMessage, productId, highlighted, offer: cardOffer } = contextOf(snapshot)
  const { search, list } = snapshot.value as { search: string; list: string }
  const chosen = CARD_STATES.includes(search)
  expect(suggestions.length > 0, search).toBe(search === 'suggestions' || chosen)
  expect(errorMessage !== null, search).toBe(search === 'failed')
  expect(productId !== null, search).toBe(chosen)
  expect(snapshot.children.productCard !== undefined, search).toBe(search === 'productOpen')
  expect(snapshot.children.loadCardCode !== undefined, search).toBe(search === 'loadingCode')
  // the card opens at the warehouse and under the contract the choosing event named
  if (chosen) expect(cardOffer).toEqual(offer)
  expect(snapshot.children.loadSuggestions !== undefined, search).toBe(search === 'loading')
  expect(highlighted, search).toBeGreaterThanOrEqual(NO_HIGHLIGHT)
  expect(highlighted, search).toBeLessThan(Math.max(1, suggestions.length))
  if (list === 'closed') expect(highlighted).toBe(NO_HIGHLIGHT)
  if (search === 'idle') expect(keyword.trim()).toBe('')
  if (['debouncing', 'loading', 'noResults', 'submitted'].includes(search)) expect(keyword.trim().length).toBeGreaterThanOrEqual(2)
  if (search === 'failed') expect(errorMessage).toBe('Ошибка сервера (503)')
  if (search === 'submitted') {
    expect(submitted.at(-1)).toBe(keyword.trim())
    expect(list).toBe('closed')
  }
}

const paths = describeMachinePaths(machine, { cases, serializeState, assertStep: assertFacts })

describe('searchAutocomplete paths', () => {
  it('stay few', () => {
    expect(paths.length).toBeLessThan(130)
  })

  it('include opening a card by Enter on a highlighted option', () => {
    const opens = paths.flatMap((p) => p.steps).filter((s) => s.event.type === 'list.pick' && s.state.matches({ search: 'loadingCode' }))
    expect(opens.length).toBeGreaterThan(0)
  })
})

describe('stepHighlight', () => {
  it('goes from none to the first (down) or the last (up), and wraps round at either end', () => {
    expect(stepHighlight(3, NO_HIGHLIGHT, 1)).toBe(0)
    expect(stepHighlight(3, NO_HIGHLIGHT, -1)).toBe(2)
    expect(stepHighlight(3, 0, 1)).toBe(1)
    expect(stepHighlight(3, 2, 1)).toBe(0)
    expect(stepHighlight(3, 0, -1)).toBe(2)
    expect(stepHighlight(1, 0, 1)).toBe(0)
    expect(stepHighlight(0, NO_HIGHLIGHT, 1)).toBe(NO_HIGHLIGHT)
  })
})

describe('searchAutocomplete with real timers of its own', () => {
  afterEach(() => vi.useRealTimers())

  /** Types a keyword and lets the suggestions arrive. */
  async function withSuggestions(suggestions: AutocompleteItem[]) {
    vi.useFakeTimers()
    const cards: ProductRequest[] = []
    const notified: string[] = []
    const actor = createActor(
      searchAutocompleteMachine.provide({
        actors: {
          loadSuggestions: fromPromise(async () => suggestions),
          loadCardCode: fromPromise(async () => {}),
          // the real card machine: what it asks the server for is what the search gave it
          productCard: productCardMachine.provide({
            actors: {
              loadProduct: fromPromise(({ input }: { input: ProductRequest }) => {
                cards.push(input)
                return new Promise<ProductCard>(() => {})
              }),
            },
          }),
        },
        actions: { notifySubmitted: () => notified.push('go') },
      }),
    ).start()
    actor.send({ type: 'field.focus' })
    actor.send({ type: 'search.type', keyword: 'дрель' })
    await vi.advanceTimersByTimeAsync(TIMINGS.autocompleteDebounceMs)
    expect(actor.getSnapshot().matches({ search: 'suggestions' })).toBe(true)
    return { actor, cards, notified }
  }

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
    expect(actor.getSnapshot().value).toEqual({ search: 'tooShort', list: 'closed', field: 'blurred' })
    actor.send({ type: 'search.type', keyword: ' дрель ' })
    expect(actor.getSnapshot().matches({ list: 'open' })).toBe(true)
    actor.send({ type: 'search.submit' })
    expect(actor.getSnapshot().matches({ search: 'submitted', list: 'closed' })).toBe(true)
    expect(notified).toEqual(['store дрель', 'go'])
    actor.stop()
  })

  it("Enter on the highlighted option runs its product card at the dealer's contract and warehouse", async () => {
    const { actor, cards, notified } = await withSuggestions([drill, saw, grinder])
    actor.send({ type: 'list.move', step: 1 })
    actor.send({ type: 'list.move', step: 1 })
    actor.send({ type: 'list.move', step: -1 })
    expect(actor.getSnapshot().context.highlighted).toBe(0)
    actor.send({ type: 'list.pick', offer })
    expect(actor.getSnapshot().matches({ search: 'loadingCode' })).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches({ search: 'productOpen' })).toBe(true)
    expect(cards).toEqual([{ productId: drill.id, contract: '102', warehouse: 2 }])
    expect(notified).toEqual([])
    const card = actor.getSnapshot().children.productCard
    actor.send({ type: 'card.close' })
    expect(card?.getSnapshot().status).toBe('stopped')
    expect(actor.getSnapshot().children.productCard).toBeUndefined()
    expect(actor.getSnapshot().context).toMatchObject({ productId: null, highlighted: 0 })
    expect(actor.getSnapshot().matches({ search: 'suggestions', list: 'open' })).toBe(true)
    actor.stop()
  })

  it('Enter with nothing highlighted submits the keyword and closes the list', async () => {
    const { actor, cards, notified } = await withSuggestions([drill, saw])
    actor.send({ type: 'list.pick', offer })
    expect(actor.getSnapshot().matches({ search: 'submitted', list: 'closed' })).toBe(true)
    expect(cards).toEqual([])
    expect(notified).toEqual(['go'])
    actor.stop()
  })

  it('Escape closes the list and clears the highlight; an arrow opens it again, typing too', async () => {
    const { actor } = await withSuggestions([drill, saw, grinder])
    actor.send({ type: 'list.move', step: 1 })
    actor.send({ type: 'list.close' })
    expect(actor.getSnapshot().matches({ list: 'closed' })).toBe(true)
    expect(actor.getSnapshot().context.highlighted).toBe(NO_HIGHLIGHT)
    actor.send({ type: 'list.move', step: -1 })
    expect(actor.getSnapshot().matches({ list: 'open' })).toBe(true)
    expect(actor.getSnapshot().context.highlighted).toBe(2)
    actor.send({ type: 'list.close' })
    actor.send({ type: 'search.type', keyword: 'дрель у' })
    expect(actor.getSnapshot().matches({ list: 'open', search: 'debouncing' })).toBe(true)
    actor.stop()
  })

  it('arrows do nothing without suggestions: the list stays closed, nothing is highlighted', () => {
    const actor = createActor(searchAutocompleteMachine).start()
    actor.send({ type: 'search.type', keyword: 'д' })
    actor.send({ type: 'list.close' })
    actor.send({ type: 'list.move', step: 1 })
    expect(actor.getSnapshot().matches({ list: 'closed' })).toBe(true)
    expect(actor.getSnapshot().context.highlighted).toBe(NO_HIGHLIGHT)
    actor.stop()
  })

  it('typing clears the highlight; focus comes and goes without touching the list', async () => {
    const { actor } = await withSuggestions([drill, saw])
    actor.send({ type: 'list.move', step: 1 })
    actor.send({ type: 'field.blur' })
    expect(actor.getSnapshot().matches({ field: 'blurred', list: 'open' })).toBe(true)
    expect(actor.getSnapshot().context.highlighted).toBe(0)
    actor.send({ type: 'field.focus' })
    actor.send({ type: 'search.type', keyword: 'дрель ' })
    expect(actor.getSnapshot().context.highlighted).toBe(NO_HIGHLIGHT)
    actor.stop()
  })
})
