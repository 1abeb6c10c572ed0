import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ProductCard } from '../../src/contract/product'
import { SEARCH_MESSAGES, type AutocompleteItem } from '../../src/contract/search'
import { productCardMachine } from '../../src/machines/product-card.machine'
import { searchAutocompleteMachine, type SearchAutocompleteEvent } from '../../src/machines/search-autocomplete.machine'
import {
  activeOption,
  highlightedIndex,
  isHintShown,
  isListOpen,
  listMessageKind,
  listMessageText,
  openProductCard,
  visibleOptions,
  type SearchAutocompleteSnapshot,
} from '../../src/machines/search-autocomplete.selectors'
import { TIMINGS } from '../../src/machines/timings'
import { ApiCallError } from '../../src/services/http'

const item = (id: number, header: string): AutocompleteItem => ({ id, header, articul: `A-${id}`, brand: { id: 3, header: 'Зубр' } })
const drill = item(7, 'Дрель ударная 650 Вт')
const saw = item(8, 'Пила циркулярная 1200 Вт')
const grinder = item(9, 'Шлифмашина угловая 900 Вт')

type Answer = AutocompleteItem[] | Error | 'pending'

/** The real card machine, its product never arriving. */
const pendingCard = productCardMachine.provide({ actors: { loadProduct: fromPromise(() => new Promise<ProductCard>(() => {})) } })

/** Runs the real machine: the suggestions call answers `answer`, the product card keeps loading. */
function searchActor(answer: Answer = [drill, saw, grinder]) {
  const actor = createActor(
    searchAutocompleteMachine.provide({
      actors: {
        loadSuggestions: fromPromise(async () => {
          if (answer === 'pending') return new Promise<AutocompleteItem[]>(() => {})
          if (answer instanceof Error) throw answer
          return answer
        }),
        productCard: pendingCard,
        loadCardCode: fromPromise(async () => {}),
      },
    }),
  ).start()
  return {
    actor,
    send: (...events: SearchAutocompleteEvent[]) => events.forEach((event) => actor.send(event)),
    /** the typing pause passes and the call answers */
    settle: () => vi.advanceTimersByTimeAsync(TIMINGS.autocompleteDebounceMs),
    snapshot: (): SearchAutocompleteSnapshot => actor.getSnapshot(),
  }
}

const focus = { type: 'field.focus' } as const
const type = (keyword: string) => ({ type: 'search.type', keyword }) as const
const down = { type: 'list.move', step: 1 } as const
const up = { type: 'list.move', step: -1 } as const
/** where the card opens: the contract and warehouse the search box sends along */
const offer = { contract: '0', warehouse: 1 }

/** Focused, typed "дрель", the suggestions arrived. */
async function withSuggestions(answer: Answer = [drill, saw, grinder]) {
  const search = searchActor(answer)
  search.send(focus, type('дрель'))
  await search.settle()
  return search
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('isListOpen', () => {
  it('is open while the field has focus, the list is not dismissed and the search has something to show', async () => {
    const search = searchActor('pending')
    expect(isListOpen(search.snapshot())).toBe(false)
    search.send(focus)
    expect(isListOpen(search.snapshot()), 'an empty field').toBe(false)
    search.send(type('д'))
    expect(isListOpen(search.snapshot()), 'too short').toBe(true)
    search.send(type('др'))
    expect(isListOpen(search.snapshot()), 'debouncing').toBe(true)
    await search.settle()
    expect(isListOpen(search.snapshot()), 'loading').toBe(true)
    search.send({ type: 'field.blur' })
    expect(isListOpen(search.snapshot()), 'blurred').toBe(false)
    search.send(focus, { type: 'list.close' })
    expect(isListOpen(search.snapshot()), 'dismissed').toBe(false)
    search.send(type('дре'))
    expect(isListOpen(search.snapshot()), 'typing again').toBe(true)
  })

  it('closes on submitting and stays closed on the results', async () => {
    const search = await withSuggestions()
    expect(isListOpen(search.snapshot())).toBe(true)
    search.send({ type: 'search.submit' })
    expect(isListOpen(search.snapshot())).toBe(false)
    search.send(down)
    expect(isListOpen(search.snapshot()), 'no options to move through').toBe(false)
  })

  it('opens again on an arrow key when there are suggestions', async () => {
    const search = await withSuggestions()
    search.send({ type: 'list.close' }, down)
    expect(isListOpen(search.snapshot())).toBe(true)
  })

  it('is closed while a product card is open', async () => {
    const search = await withSuggestions()
    search.send({ type: 'search.choose', productId: saw.id, offer })
    expect(isListOpen(search.snapshot())).toBe(false)
  })
})

describe('visibleOptions', () => {
  it('are the suggestions while the list offers them, else one and the same empty list', async () => {
    const search = searchActor([drill, saw])
    const empty = visibleOptions(search.snapshot())
    expect(empty).toEqual([])
    search.send(focus, type('дрель'))
    expect(visibleOptions(search.snapshot())).toBe(empty)
    await search.settle()
    expect(visibleOptions(search.snapshot())).toEqual([drill, saw])
    search.send({ type: 'search.choose', productId: drill.id, offer })
    expect(visibleOptions(search.snapshot()), 'the card is open').toBe(empty)
    search.send({ type: 'card.close' })
    expect(visibleOptions(search.snapshot())).toEqual([drill, saw])
  })
})

describe('highlightedIndex and activeOption', () => {
  it('nothing is highlighted until an arrow moves', async () => {
    const search = await withSuggestions()
    expect(highlightedIndex(search.snapshot())).toBe(-1)
    expect(activeOption(search.snapshot())).toBeUndefined()
  })

  it('ArrowDown goes from the first to the last and round; ArrowUp from none goes to the last', async () => {
    const search = await withSuggestions()
    const seen: Array<string | undefined> = []
    for (const event of [down, down, down, down, up, up]) {
      search.send(event)
      seen.push(activeOption(search.snapshot())?.header)
    }
    expect(seen).toEqual([drill.header, saw.header, grinder.header, drill.header, grinder.header, saw.header])
    search.send(type('дрель у'))
    await search.settle()
    search.send(up)
    expect(highlightedIndex(search.snapshot())).toBe(2)
    expect(activeOption(search.snapshot())).toEqual(grinder)
  })

  it('one suggestion stays highlighted whichever way the arrows go', async () => {
    const search = await withSuggestions([drill])
    search.send(down, down, up)
    expect(activeOption(search.snapshot())).toEqual(drill)
  })

  it('Escape and typing clear the highlight; blurring hides it but keeps it', async () => {
    const search = await withSuggestions()
    search.send(down, down)
    search.send({ type: 'field.blur' })
    expect(highlightedIndex(search.snapshot())).toBe(1)
    expect(activeOption(search.snapshot())).toBeUndefined()
    search.send(focus)
    expect(activeOption(search.snapshot())).toEqual(saw)
    search.send({ type: 'list.close' })
    expect(highlightedIndex(search.snapshot())).toBe(-1)
    search.send(down, down, type('дрель у'))
    expect(highlightedIndex(search.snapshot())).toBe(-1)
  })

  it('Enter on the active option opens its card', async () => {
    const search = await withSuggestions()
    search.send(down, down, { type: 'list.pick', offer })
    expect(search.snapshot().matches({ search: 'loadingCode' })).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(search.snapshot().matches({ search: 'productOpen' })).toBe(true)
    expect(search.snapshot().context.productId).toBe(saw.id)
  })
})

describe('listMessageKind and listMessageText', () => {
  it('name what the list says in place of options', async () => {
    const search = searchActor(new ApiCallError('Ошибка сервера (503)', 503))
    const message = () => [listMessageKind(search.snapshot()), listMessageText(search.snapshot())]
    expect(message()).toEqual([null, null])
    search.send(type('д'))
    expect(message()).toEqual(['tooShort', SEARCH_MESSAGES.tooShort])
    search.send(type('дрель'))
    expect(message()).toEqual(['searching', 'Поиск…'])
    await search.settle()
    expect(message()).toEqual(['failed', 'Ошибка сервера (503)'])
  })

  it('say "Ничего не найдено" for no suggestions, and nothing over the suggestions', async () => {
    expect(listMessageText((await withSuggestions([])).snapshot())).toBe('Ничего не найдено')
    expect(listMessageKind((await withSuggestions([])).snapshot())).toBe('noResults')
    const found = await withSuggestions([drill])
    expect([listMessageKind(found.snapshot()), listMessageText(found.snapshot())]).toEqual([null, null])
  })

  it('say "Поиск…" while the call runs', async () => {
    const search = searchActor('pending')
    search.send(type('дрель'))
    await search.settle()
    expect(search.snapshot().matches({ search: 'loading' })).toBe(true)
    expect(listMessageText(search.snapshot())).toBe('Поиск…')
  })
})

describe('isHintShown', () => {
  it('shows the too-short hint under the field only while the list does not show it', () => {
    const search = searchActor()
    search.send(focus, type('д'))
    expect(isHintShown(search.snapshot()), 'the open list says it').toBe(false)
    search.send({ type: 'list.close' })
    expect(isHintShown(search.snapshot())).toBe(true)
    search.send(type('др'))
    expect(isHintShown(search.snapshot())).toBe(false)
    search.send(type('д'), { type: 'search.submit' })
    expect(isHintShown(search.snapshot()), 'Enter with one character').toBe(true)
    search.send({ type: 'field.blur' }, type('д'))
    expect(isHintShown(search.snapshot()), 'the field has no focus').toBe(true)
  })
})

describe('openProductCard', () => {
  it('is the card actor the machine runs while a chosen product is open', async () => {
    const search = await withSuggestions()
    expect(openProductCard(search.snapshot())).toBeUndefined()
    search.send({ type: 'search.choose', productId: grinder.id, offer })
    await vi.advanceTimersByTimeAsync(0)
    const card = openProductCard(search.snapshot())
    expect(card?.getSnapshot().status).toBe('active')
    search.send({ type: 'card.close' })
    expect(openProductCard(search.snapshot())).toBeUndefined()
    expect(card?.getSnapshot().status).toBe('stopped')
  })
})
