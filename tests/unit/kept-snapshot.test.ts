import { describe, expect, it } from 'vitest'
import { createActor, createMachine, fromPromise } from 'xstate'
import { keptContextOf, REGISTRATION_SUCCESS_STATE, registrationMachine } from '../../src/machines/registration.machine'
import { keepingSnapshots, machineVersion, readKeptContext } from '../../src/services/kept-snapshot'
import { createStorage } from '../../src/services/storage'

const KEY = 'cabinet.registration'

const memoryStorage = () => {
  const items = new Map<string, string>()
  const backend = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
  return { items, storage: createStorage(backend) }
}

const answered = registrationMachine.provide({
  actors: { submitRegistration: fromPromise(async () => ({ state: REGISTRATION_SUCCESS_STATE, message: 'Поздравляем!', answeredAt: 2 })) },
})

const FILLED = {
  company: 'ООО «Ромашка»',
  inn: '7707083893',
  name: 'Пётр',
  email: 'p@example.com',
  phone: '9123456789',
  password: 'secret-123',
  captcha: 'K7P2',
}

describe("the registration form's kept snapshot", () => {
  it('is stored after every change without the password and the code, read back into a new form, and forgotten once registered', async () => {
    const { items, storage } = memoryStorage()
    const form = createActor(keepingSnapshots(answered, { storage, key: KEY, mask: keptContextOf }), { input: { captchaTime: 1 } }).start()
    for (const [field, value] of Object.entries(FILLED)) form.send({ type: 'registration.change', field: field as keyof typeof FILLED, value })
    const stored = items.get(KEY) ?? ''
    expect(stored).not.toContain(FILLED.password)
    expect(stored).not.toContain(FILLED.captcha)
    expect(JSON.parse(stored)).toMatchObject({ version: machineVersion(registrationMachine), snapshot: { value: { filling: 'editing' }, children: {} } })

    const kept = readKeptContext(registrationMachine, storage, KEY)
    const again = createActor(registrationMachine, { input: { captchaTime: 5, kept } }).start()
    const { password: _password, captcha: _captcha, ...draft } = FILLED
    expect(again.getSnapshot().context.values).toEqual({ ...draft, password: '', captcha: '' })
    expect(again.getSnapshot().context.captchaTime).toBe(5)
    again.stop()

    form.send({ type: 'registration.submit' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(form.getSnapshot().value).toBe('succeeded')
    expect(items.has(KEY)).toBe(false)
  })

  it('drops a snapshot of another version of the machine, or anything unparsable, without failing', () => {
    const { items, storage } = memoryStorage()
    const other = createMachine({ id: 'registration', initial: 'a', states: { a: {} } })
    expect(machineVersion(other)).not.toBe(machineVersion(registrationMachine))
    const foreign = JSON.stringify({ version: machineVersion(other), snapshot: { context: { values: { company: 'X' } } } })
    for (const text of [foreign, '{', 'null', '[1]', '"text"', JSON.stringify({ version: 1, snapshot: {} })]) {
      items.set(KEY, text)
      expect(readKeptContext(registrationMachine, storage, KEY), text).toBeNull()
      expect(items.has(KEY), text).toBe(false)
    }
    expect(readKeptContext(registrationMachine, storage, KEY)).toBeNull()
  })

  it("takes only the draft fields' strings from whatever was kept", () => {
    for (const kept of [null, 'text', { values: 5 }, { values: { company: 5, password: 'leaked', captcha: 'X', email: 'a@b.c' } }]) {
      const form = createActor(registrationMachine, { input: { captchaTime: 1, kept } }).start()
      const { values } = form.getSnapshot().context
      expect([values.company, values.password, values.captcha]).toEqual(['', '', ''])
      form.stop()
    }
  })
})
