import { describe, expect, it } from 'vitest'
import { stateValueName, wordCase } from '../../scripts/atlas/case-wording'
import { casesCsv } from '../../scripts/atlas/machine-page'
import { orderCancelMachine } from '../../src/machines/order-cancel.machine'
import { cancelPaths } from '../support/order-paths'
import { recordedCase } from '../support/path-testing'

const cases = cancelPaths()
  .map(recordedCase)
  .map((c, i) => wordCase(orderCancelMachine, c, i + 1))

describe("the atlas's test cases in words", () => {
  it("words each generated path of orderCancel from its transitions' descriptions", () => {
    expect(cases.map((c) => c.steps)).toEqual([
      ['The dealer keeps the order (the button, Escape or a click outside).'],
      ['The dealer confirms, with or without a comment.', 'The order is cancelled: its row shows the returned state and status.'],
      [
        'The dealer confirms, with or without a comment.',
        'The server refused (its state allows no cancel, or the order is gone) or could not be reached.',
        'The dealer closes the message.',
      ],
    ])
  })

  it('shows the state each case reaches and the transitions it covers', () => {
    expect(cases.map((c) => c.reaches)).toEqual(['closed', 'cancelled', 'closed'])
    expect(cases[2]!.covers.map((t) => t.label)).toEqual([
      'confirming → cancelling on cancel.confirm',
      'cancelling → failed on cancelOrder error',
      'failed → closed on dialog.close',
    ])
  })

  it('names a step no transition takes, and a transition without a description by where it goes', () => {
    const ignored = wordCase(orderCancelMachine, { name: 'x', state: 'confirming', steps: [{ event: 'nothing.here', transitions: [] }] }, 1)
    expect(ignored.steps).toEqual(['nothing.here changes nothing.'])
    expect(stateValueName({ list: { live: 'shown' }, selection: 'none' })).toBe('list.live.shown, selection.none')
  })

  it('exports the cases as CSV, a row per step, quoting what needs it', () => {
    const csv = casesCsv([{ machine: orderCancelMachine, file: 'src/machines/order-cancel.machine.ts', invokeLines: new Map(), cases }])
    const lines = csv.trimEnd().split('\r\n')
    expect(lines[0]).toBe('Machine,Case,Step,What happens,Reaches,Covers,Browser replay')
    expect(lines).toHaveLength(1 + 6)
    expect(lines[2]).toBe(
      'orderCancel,2,1,"The dealer confirms, with or without a comment.",cancelled,confirming → cancelling on cancel.confirm; cancelling → cancelled on cancelOrder done,no browser replay (not a named workflow)',
    )
  })
})
