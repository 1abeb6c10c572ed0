import { describe, expect, it, vi } from 'vitest'
import { assign, createActor, createMachine, fromCallback, fromPromise, sendTo, setup } from 'xstate'
import { persisted, versionOf } from '../../src/services/persisted-logic'
import { createStorage } from '../../src/services/storage'
import { IO_WAIT } from '../support/waits'

/** A storage over a plain map, as sessionStorage would hold it. */
function fakeStorage() {
  const items = new Map<string, string>()
  const storage = createStorage({
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, text) => void items.set(key, text),
    removeItem: (key) => void items.delete(key),
  })
  return { items, storage, stored: (key: string) => JSON.parse(items.get(key) ?? 'null') as { value: unknown; context: Record<string, unknown> } | null }
}

/** A small form: the name typed, a call on «Сохранить», closed at rest. */
const formMachine = setup({
  types: {} as {
    context: { owner: string; name: string; answer: string | null; hint: string }
    events: { type: 'open' } | { type: 'type'; name: string } | { type: 'send' } | { type: 'close' }
    input: { owner: string }
  },
  actors: { send: fromPromise<string, { name: string }>(async ({ input }) => `saved ${input.name}`) },
}).createMachine({
  id: 'form',
  context: ({ input }) => ({ owner: input.owner, name: '', answer: null, hint: `for ${input.owner}` }),
  initial: 'closed',
  states: {
    closed: { on: { open: 'editing' } },
    editing: {
      on: {
        type: { actions: assign({ name: ({ event }) => event.name, hint: 'typed' }) },
        send: 'sending',
        close: 'closed',
      },
    },
    sending: {
      invoke: {
        src: 'send',
        input: ({ context }) => ({ name: context.name }),
        onDone: { target: 'sent', actions: assign({ answer: ({ event }) => event.output }) },
      },
    },
    sent: { type: 'final' },
  },
})

const KEY = (input: { owner: string }) => `form.${input.owner}`
const persistedForm = (storage: ReturnType<typeof fakeStorage>['storage'], mask: ('hint' | 'answer')[] = []) =>
  persisted(formMachine, { key: KEY, storage, mask, isAtRest: (snapshot) => snapshot.matches('closed') })
const input = { owner: 'a' }

describe('persisted logic', () => {
  it('is the machine to whoever reads it (the journal, the diagrams)', () => {
    const logic = persistedForm(fakeStorage().storage)
    expect(logic.id).toBe('form')
    expect('config' in logic && 'root' in logic).toBe(true)
    expect(JSON.stringify(logic.definition)).toBe(JSON.stringify(formMachine.definition))
  })

  it('stores each step and resumes it after a reload, same version', () => {
    const { storage, stored } = fakeStorage()
    const first = createActor(persistedForm(storage), { input }).start()
    first.send({ type: 'open' })
    first.send({ type: 'type', name: 'Черновик' })
    expect(stored('form.a')).toMatchObject({ version: versionOf(JSON.stringify(formMachine.definition)), value: 'editing', context: { name: 'Черновик' } })
    // a reload: the page is gone without stopping anything; a new actor starts
    const second = createActor(persistedForm(storage), { input }).start()
    expect(second.getSnapshot().value).toBe('editing')
    expect(second.getSnapshot().context).toEqual({ owner: 'a', name: 'Черновик', answer: null, hint: 'typed' })
    second.send({ type: 'type', name: 'Черновик 2' })
    expect(stored('form.a')?.context.name).toBe('Черновик 2')
  })

  it('keeps one snapshot per key: another input starts afresh', () => {
    const { storage } = fakeStorage()
    createActor(persistedForm(storage), { input }).start().send({ type: 'open' })
    expect(
      createActor(persistedForm(storage), { input: { owner: 'b' } })
        .start()
        .getSnapshot().value,
    ).toBe('closed')
  })

  it('drops a snapshot of another version without a crash', () => {
    const { storage, items } = fakeStorage()
    items.set('form.a', JSON.stringify({ version: 'older', value: 'editing', context: { owner: 'a', name: 'x', answer: null, hint: '' } }))
    const actor = createActor(persistedForm(storage), { input }).start()
    expect(actor.getSnapshot().value).toBe('closed')
    expect(actor.getSnapshot().context.name).toBe('')
    expect(items.has('form.a')).toBe(false)
  })

  it('drops garbage without a crash: not JSON, not an object, a state the machine does not have', () => {
    const version = versionOf(JSON.stringify(formMachine.definition))
    for (const garbage of [
      '{',
      '42',
      'null',
      '[]',
      JSON.stringify({ version, value: 'nowhere', context: {} }),
      JSON.stringify({ version, value: 'editing', context: 3 }),
    ]) {
      const { storage, items } = fakeStorage()
      items.set('form.a', garbage)
      const actor = createActor(persistedForm(storage), { input }).start()
      expect(actor.getSnapshot().value, garbage).toBe('closed')
      expect(actor.getSnapshot().status).toBe('active')
      expect(items.has('form.a'), garbage).toBe(false)
    }
  })

  it('does not keep masked fields: after a reload they are what the machine starts with', () => {
    const { storage, stored } = fakeStorage()
    const first = createActor(persistedForm(storage, ['hint']), { input }).start()
    first.send({ type: 'open' })
    first.send({ type: 'type', name: 'n' })
    expect(stored('form.a')?.context).toEqual({ owner: 'a', name: 'n', answer: null })
    const second = createActor(persistedForm(storage, ['hint']), { input }).start()
    expect(second.getSnapshot().context).toEqual({ owner: 'a', name: 'n', answer: null, hint: 'for a' })
  })

  it('is cleared when nothing is in flight: at rest, done, or stopped by its parent', async () => {
    const { storage, items } = fakeStorage()
    const closing = createActor(persistedForm(storage), { input }).start()
    closing.send({ type: 'open' })
    expect(items.has('form.a')).toBe(true)
    closing.send({ type: 'close' })
    expect(items.has('form.a')).toBe(false)

    const sending = createActor(persistedForm(storage), { input }).start()
    sending.send({ type: 'open' })
    sending.send({ type: 'send' })
    await vi.waitFor(() => expect(sending.getSnapshot().status).toBe('done'), IO_WAIT)
    expect(items.has('form.a')).toBe(false)

    const parent = createMachine({ initial: 'open', states: { open: { invoke: { src: 'form', input }, on: { leave: 'left' } }, left: {} } })
    const withChild = createActor(parent.provide({ actors: { form: persistedForm(storage) } })).start()
    ;(Object.values(withChild.getSnapshot().children)[0] as { send: (event: { type: 'open' }) => void }).send({ type: 'open' })
    expect(items.has('form.a')).toBe(true)
    withChild.send({ type: 'leave' })
    expect(items.has('form.a')).toBe(false)
  })

  it('does not keep a state waiting on a call: a reload resumes the form as sent, and nothing is sent by itself', async () => {
    const { storage, stored } = fakeStorage()
    const held = createActor(
      persisted(formMachine.provide({ actors: { send: fromPromise<string, { name: string }>(() => new Promise(() => {})) } }), { key: KEY, storage }),
      { input },
    ).start()
    held.send({ type: 'open' })
    held.send({ type: 'type', name: 'n' })
    held.send({ type: 'send' })
    expect(held.getSnapshot().value).toBe('sending')
    expect(stored('form.a')?.value).toBe('editing')
    const sent: string[] = []
    const counting = fromPromise<string, { name: string }>(async ({ input: request }) => (sent.push(request.name), 'ok'))
    const reloaded = createActor(persisted(formMachine.provide({ actors: { send: counting } }), { key: KEY, storage }), { input }).start()
    expect(reloaded.getSnapshot().value).toBe('editing')
    expect(reloaded.getSnapshot().context.name).toBe('n')
    await Promise.resolve()
    expect(sent).toEqual([])
    reloaded.send({ type: 'send' })
    await vi.waitFor(() => expect(reloaded.getSnapshot().status).toBe('done'), IO_WAIT)
    expect(sent).toEqual(['n'])
  })

  it('keeps a state with a stream named in `restarts`, and the resumed snapshot has that stream running again', () => {
    const { storage, stored } = fakeStorage()
    const heard: string[] = []
    const streaming = setup({
      types: {} as { context: { text: string }; events: { type: 'type'; text: string } | { type: 'heard'; text: string } },
      actors: {
        stream: fromCallback<{ type: 'type'; text: string }>(({ receive }) => {
          receive((event) => heard.push(event.text))
        }),
      },
    }).createMachine({
      id: 'streaming',
      context: { text: '' },
      initial: 'typing',
      states: {
        typing: {
          invoke: { id: 'stream', src: 'stream' },
          on: { type: { actions: [assign({ text: ({ event }) => event.text }), sendTo('stream', ({ event }) => event)] } },
        },
      },
    })
    const options = { key: () => 'streaming', storage, restarts: ['stream'] } as const
    const first = createActor(persisted(streaming, options)).start()
    first.send({ type: 'type', text: 'Каз' })
    expect(stored('streaming')).toMatchObject({ value: 'typing', context: { text: 'Каз' } })
    // the tab reloads: the kept text is back and a keystroke reaches the new stream
    const second = createActor(persisted(streaming, options)).start()
    expect(second.getSnapshot().context.text).toBe('Каз')
    second.send({ type: 'type', text: 'Казань' })
    expect(heard).toEqual(['Каз', 'Казань'])
    // without `restarts`, a state that invokes anything is a call: not kept
    const { storage: other, stored: otherStored } = fakeStorage()
    createActor(persisted(streaming, { key: () => 'streaming', storage: other }))
      .start()
      .send({ type: 'type', text: 'Каз' })
    expect(otherStored('streaming')).toBeNull()
    first.stop()
    second.stop()
  })
})
