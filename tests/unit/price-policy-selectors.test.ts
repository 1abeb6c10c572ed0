import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Manager } from '../../src/contract/managers'
import type { PricePolicy } from '../../src/contract/price-policy'
import { pricePolicyMachine } from '../../src/machines/price-policy.machine'
import {
  isMarkupEnabledOf,
  markupErrorOf,
  pricePolicyOptionsOf,
  pricePolicyStepOf,
  saveFailureOf,
  savedNoticeOf,
} from '../../src/machines/price-policy.selectors'
import { ApiCallError } from '../../src/services/http'

const MANAGER: Manager = {
  id: 7,
  enabled: '1',
  type_id: '2',
  email: 'manager@stroymarket.example',
  name: '',
  contractSelect: ['1'],
  contracts: [],
  disabledMenus: [],
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

async function loadedModal(policy: PricePolicy, save: () => Promise<PricePolicy>) {
  const actor = createActor(pricePolicyMachine.provide({ actors: { loadPolicy: fromPromise(async () => policy), savePolicy: fromPromise(save) } }), {
    input: { manager: MANAGER },
  }).start()
  await settle()
  return actor
}

describe('the price policy modal’s selectors', () => {
  it('shows the loaded policy: the chosen kind, the markup with a comma, the field open for the markup only', async () => {
    const actor = await loadedModal({ type: 'markup', markup: 12.5 }, async () => ({ type: 'rrc', markup: 0 }))
    const snapshot = actor.getSnapshot()
    expect(pricePolicyStepOf(snapshot)).toBe('editing')
    expect(snapshot.context.markupText).toBe('12,5')
    expect(pricePolicyOptionsOf(snapshot.context.type).map((option) => [option.value, option.isChosen])).toEqual([
      ['contract', false],
      ['rrc', false],
      ['markup', true],
    ])
    expect(isMarkupEnabledOf(snapshot)).toBe(true)
    actor.send({ type: 'policy.type', value: 'rrc' })
    expect(isMarkupEnabledOf(actor.getSnapshot())).toBe(false)
  })

  it('refuses a bad markup with its rule, then saves and shows «Данные сохранены»', async () => {
    const actor = await loadedModal({ type: 'contract', markup: 0 }, async () => ({ type: 'markup', markup: 10 }))
    actor.send({ type: 'policy.type', value: 'markup' })
    actor.send({ type: 'policy.markup', value: '1000,5' })
    actor.send({ type: 'form.submit' })
    expect(markupErrorOf(actor.getSnapshot())).toContain('Наценка')
    actor.send({ type: 'policy.markup', value: '10' })
    expect(markupErrorOf(actor.getSnapshot())).toBeNull()
    actor.send({ type: 'form.submit' })
    expect(pricePolicyStepOf(actor.getSnapshot())).toBe('saving')
    await settle()
    expect(savedNoticeOf(actor.getSnapshot())).toBe('Данные сохранены')
    expect(pricePolicyStepOf(actor.getSnapshot())).toBe('saved')
  })

  it('a failed save shows spec §8’s text, to the letter', async () => {
    const actor = await loadedModal({ type: 'contract', markup: 0 }, () => Promise.reject(new ApiCallError('Менеджер не найден', 404)))
    actor.send({ type: 'form.submit' })
    await settle()
    expect(saveFailureOf(actor.getSnapshot())).toBe('Ошибка. Данные не сохранены')
    expect(actor.getSnapshot().context.errorMessage).toBe('Менеджер не найден')
    expect(savedNoticeOf(actor.getSnapshot())).toBeNull()
  })
})
