import { describe, expect, it, vi } from 'vitest'
import { createActor, setup } from 'xstate'
import { IO_WAIT } from '../support/waits'

let chunkLoads = 0
let isChunkMissing = true
vi.mock('../../src/services/suggestion-stream', async (importOriginal) => {
  chunkLoads += 1
  if (isChunkMissing) throw new Error('Failed to fetch dynamically imported module')
  return importOriginal()
})

describe('suggestionsLogic while its stream cannot load', () => {
  it('answers none, as a failed request does, and the next text asks for the stream again', async () => {
    // the files of the project share one module graph: another file may have loaded the suggestions
    // (and the real stream) already, so this one imports them afresh, the stream's mock with them
    vi.resetModules()
    const { suggestionsLogic } = await import('../../src/services/suggestions')
    const queries: string[] = []
    const found: unknown[] = []
    const parent = createActor(
      setup({
        actors: {
          suggest: suggestionsLogic(async (query) => {
            queries.push(query)
            return [{ value: 'г. Казань' }]
          }),
        },
      }).createMachine({
        invoke: { id: 'suggest', src: 'suggest', input: { debounceMs: 10 } },
        on: { 'suggestions.found': { actions: ({ event }) => found.push(event) } },
      }),
    ).start()
    const suggest = parent.getSnapshot().children.suggest
    suggest?.send({ type: 'suggest.query', text: 'Каз' })
    await vi.waitFor(() => expect(found).toEqual([{ type: 'suggestions.found', suggestions: [] }]), IO_WAIT)
    expect(queries).toEqual([])

    isChunkMissing = false
    vi.resetModules()
    suggest?.send({ type: 'suggest.query', text: 'Каза' })
    await vi.waitFor(() => expect(found).toHaveLength(2), IO_WAIT)
    expect(queries).toEqual(['Каза'])
    expect(found.at(-1)).toEqual({ type: 'suggestions.found', suggestions: [{ value: 'г. Казань' }] })
    expect(chunkLoads).toBe(2)
    parent.stop()
    // two imports of the suggestion modules after resetModules: slow on a loaded machine
  }, 30_000)
})
