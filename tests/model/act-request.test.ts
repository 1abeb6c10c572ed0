import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import type { ActRequest } from '../../src/contract/acts'
import { actRequestMachine, type ActRequestContext } from '../../src/machines/act-request.machine'
import { ruToday } from '../../src/contract/order-periods'
import { actFieldsError, defaultActFields, monthsBefore, withActField } from '../../src/machines/act-rules'
import { ACT, ACT_CONTRACTS } from '../support/act-fixtures'
import { BAD_PERIOD, SERVER_REFUSAL, actRequestKey, dealerActCases, requestOutcomes } from '../support/act-request-paths'
import { describeMachinePaths } from '../support/path-testing'

const TODAY = '24.11.2026'
const input = { contracts: ACT_CONTRACTS, contract: '0', today: TODAY }
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ActRequestContext

describeMachinePaths(actRequestMachine, {
  cases: { ...dealerActCases(TODAY, '01.09.2026', '2'), ...requestOutcomes(ACT) },
  input,
  serializeState: (state, event, prev) => actRequestKey(state.value, { ...contextOf(state).fields }, event, prev?.value),
  assertStep: (snapshot) => {
    const context = contextOf(snapshot)
    if (snapshot.matches('invalid')) expect([BAD_PERIOD, 'Некорректная дата: ожидается дд.мм.гггг']).toContain(context.errorMessage)
    if (snapshot.matches('failed')) expect(context.errorMessage).toBe(SERVER_REFUSAL)
    if (snapshot.matches('editing')) expect(context.errorMessage).toBeNull()
    if (snapshot.matches('done')) expect(context.act).toEqual(ACT)
    // the contract and the contragent always belong together
    expect(ACT_CONTRACTS.find((c) => c.id === context.fields.contract_id)?.contragent_id).toBe(context.fields.contragent_id)
  },
})

describe('act request beyond the paths', () => {
  it('sends nothing when the start is not earlier than the end (spec §5)', async () => {
    const sent: ActRequest['act'][] = []
    const logic = fromPromise(async ({ input: act }: { input: ActRequest['act'] }) => {
      sent.push(act)
      return ACT
    })
    const actor = createActor(actRequestMachine.provide({ actors: { requestAct: logic } }), { input }).start()
    actor.send({ type: 'field.change', field: 'startdate', value: TODAY })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().value).toBe('invalid')
    expect(actor.getSnapshot().context.errorMessage).toBe(BAD_PERIOD)
    actor.send({ type: 'field.change', field: 'startdate', value: '25.11.2026' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().context.errorMessage).toBe(BAD_PERIOD)
    expect(sent).toEqual([])
    actor.send({ type: 'field.change', field: 'startdate', value: '01.10.2026' })
    actor.send({ type: 'form.submit' })
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'))
    expect(sent).toEqual([{ contract_id: '1', contragent_id: '1', startdate: '01.10.2026', enddate: TODAY }])
    expect(actor.getSnapshot().output).toEqual(ACT)
  })

  it('starts one month back to today on the list’s contract, its contragent following', () => {
    expect(defaultActFields(ACT_CONTRACTS, '3', TODAY)).toEqual({ contract_id: '3', contragent_id: '2', startdate: '24.10.2026', enddate: TODAY })
    expect(defaultActFields(ACT_CONTRACTS, '0', '31.03.2026')).toMatchObject({ contract_id: '1', startdate: '28.02.2026' })
    expect(monthsBefore('31.03.2024', 1)).toBe('29.02.2024')
    expect(monthsBefore('15.01.2026', 12)).toBe('15.01.2025')
    expect(ruToday(new Date('2026-11-23T21:30:00Z'))).toBe('24.11.2026')
  })

  it('keeps the contract and contragent together', () => {
    const fields = defaultActFields(ACT_CONTRACTS, '1', TODAY)
    expect(withActField(fields, ACT_CONTRACTS, 'contract_id', '3')).toMatchObject({ contract_id: '3', contragent_id: '2' })
    expect(withActField(fields, ACT_CONTRACTS, 'contragent_id', '2')).toMatchObject({ contract_id: '3', contragent_id: '2' })
    expect(withActField({ ...fields, contract_id: '2' }, ACT_CONTRACTS, 'contragent_id', '1')).toMatchObject({ contract_id: '2' })
    expect(actFieldsError({ ...fields, contragent_id: '2' }, ACT_CONTRACTS)).toBe('Контрагент не относится к выбранному договору')
    expect(actFieldsError({ ...fields, contract_id: '' }, ACT_CONTRACTS)).toBe('Выберите договор')
    expect(actFieldsError({ ...fields, enddate: '31.02.2026' }, ACT_CONTRACTS)).toBe('Некорректная дата: ожидается дд.мм.гггг')
    expect(actFieldsError(fields, ACT_CONTRACTS)).toBeNull()
  })
})
