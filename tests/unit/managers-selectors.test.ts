import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Manager } from '../../src/contract/managers'
import { managerEditingMachine } from '../../src/machines/manager-editing.machine'
import { contractGroupsOf, managerFormMessagesOf, managerFormStepOf, menuCheckboxesOf } from '../../src/machines/manager-editing.selectors'
import { CHOICES, EDITED } from '../support/manager-editing-paths'

/** The form loaded with the test choices, for an existing manager (its own choices as the server has them). */
async function loadedForm(manager: Manager | null, choices = CHOICES) {
  const actor = createActor(
    managerEditingMachine.provide({
      actors: { loadChoices: fromPromise(async () => choices), saveManager: fromPromise(async () => EDITED) },
    }),
    { input: { manager } },
  ).start()
  await new Promise((resolve) => setTimeout(resolve, 0))
  return actor
}

describe('the manager form’s selectors', () => {
  it('groups the contracts by contragent and marks the chosen ones', async () => {
    const actor = await loadedForm(EDITED, { ...CHOICES, contractSelect: ['2'] })
    expect(managerFormStepOf(actor.getSnapshot())).toBe('editing')
    expect(contractGroupsOf(actor.getSnapshot())).toEqual([
      {
        id: '1',
        company: 'ООО «СтройМаркет»',
        contracts: [
          { id: '1', header: 'Договор поставки № 1', isChosen: false },
          { id: '2', header: 'Договор поставки № 2', isChosen: true },
        ],
      },
    ])
  })

  it('closes (unchecks and disables) the children of a closed parent, and gives them back as they were when it opens', async () => {
    const actor = await loadedForm(null)
    const acts = () => menuCheckboxesOf(actor.getSnapshot())[0]?.children[0]
    expect(acts()).toMatchObject({ key: 'acts', isOpen: true, isDisabled: false })
    actor.send({ type: 'menu.toggle', key: 'orders' })
    expect(menuCheckboxesOf(actor.getSnapshot())[0]).toMatchObject({ key: 'orders', isOpen: false })
    expect(acts()).toMatchObject({ isOpen: false, isDisabled: true })
    actor.send({ type: 'menu.toggle', key: 'orders' })
    expect(acts()).toMatchObject({ isOpen: true, isDisabled: false })
  })

  it('shows «Выберите договор» under the contracts when none is chosen, and saves nothing', async () => {
    const actor = await loadedForm(null)
    actor.send({ type: 'form.email', value: 'new@stroymarket.example' })
    actor.send({ type: 'form.submit' })
    expect(managerFormMessagesOf(actor.getSnapshot())).toEqual({ contracts: 'Выберите договор', email: null, form: null, canRetry: false })
    expect(managerFormStepOf(actor.getSnapshot())).toBe('editing')
  })
})
