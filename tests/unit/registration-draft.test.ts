import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { RegistrationDraft } from '../../src/contract/registration'
import { REGISTRATION_SUCCESS_STATE, registrationMachine } from '../../src/machines/registration.machine'
import { readRegistrationDraft, REGISTRATION_DRAFT_KEY, saveRegistrationDraft } from '../../src/services/registration-draft'
import { createStorage } from '../../src/services/storage'

const memoryStorage = () => {
  const items = new Map<string, string>()
  const backend = { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), removeItem: (key: string) => void items.delete(key) }
  return { items, storage: createStorage(backend) }
}

describe('the registration draft', () => {
  it('is kept on every change, without the password and the code, and forgotten once registered', async () => {
    const saved: RegistrationDraft[] = []
    let forgotten = 0
    const machine = registrationMachine.provide({
      actors: { submitRegistration: fromPromise(async () => ({ state: REGISTRATION_SUCCESS_STATE, message: 'Поздравляем!', answeredAt: 2 })) },
      actions: { persistDraft: (_, { draft }) => void saved.push(draft), forgetDraft: () => void (forgotten += 1) },
    })
    const actor = createActor(machine, { input: { captchaTime: 1 } }).start()
    actor.send({ type: 'registration.change', field: 'company', value: 'ООО «Ромашка»' })
    actor.send({ type: 'registration.change', field: 'password', value: 'secret-123' })
    actor.send({ type: 'registration.change', field: 'captcha', value: 'K7P2' })
    expect(saved).toEqual([{ company: 'ООО «Ромашка»' }, { company: 'ООО «Ромашка»' }, { company: 'ООО «Ромашка»' }])
    for (const [field, value] of [['inn', '7701234567'], ['name', 'Пётр'], ['email', 'p@example.com'], ['phone', '9123456789']] as const) {
      actor.send({ type: 'registration.change', field, value })
    }
    expect(saved.at(-1)).toEqual({ company: 'ООО «Ромашка»', inn: '7701234567', name: 'Пётр', email: 'p@example.com', phone: '9123456789' })
    expect(forgotten).toBe(0)
    actor.send({ type: 'registration.submit' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(actor.getSnapshot().value).toBe('succeeded')
    expect(forgotten).toBe(1)
  })

  it('fills the form again from the input, but never its password or code', () => {
    const draft = { company: 'ООО «Ромашка»', email: 'p@example.com', password: 'leaked', captcha: 'X' } as RegistrationDraft
    const actor = createActor(registrationMachine, { input: { captchaTime: 1, draft } }).start()
    expect(actor.getSnapshot().context.values).toMatchObject({ company: 'ООО «Ромашка»', email: 'p@example.com', password: '', captcha: '', inn: '' })
    expect(actor.getSnapshot().value).toEqual({ filling: 'editing' })
  })

  it('reads back what it wrote, and anything else as no draft', () => {
    const { items, storage } = memoryStorage()
    saveRegistrationDraft(storage, { company: 'ООО', phone: '912' })
    expect(readRegistrationDraft(storage)).toEqual({ company: 'ООО', phone: '912' })
    saveRegistrationDraft(storage, {})
    expect(items.has(REGISTRATION_DRAFT_KEY)).toBe(false)

    for (const stored of ['{', '[1]', '"text"', 'null', JSON.stringify({ company: 5, password: 'x', inn: 'я'.repeat(501), email: 'a@b.c' })]) {
      items.set(REGISTRATION_DRAFT_KEY, stored)
      const draft = readRegistrationDraft(storage)
      expect(draft).not.toHaveProperty('password')
      expect(draft).not.toHaveProperty('company')
      expect(draft).not.toHaveProperty('inn')
    }
    expect(readRegistrationDraft(storage)).toEqual({ email: 'a@b.c' })
  })
})
