import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Manager } from '../../src/contract/managers'
import { managerEditingMachine } from '../../src/machines/manager-editing.machine'
import { contractGroupsOf, managerFormMessagesOf, managerFormStepOf, menuCheckboxesOf } from '../../src/machines/manager-editing.selectors'
import { managersMachine } from '../../src/machines/managers.machine'
import { isManagersBusyOf, isToggleSavedOf, managersDialogOf, managersViewOf } from '../../src/machines/managers.selectors'
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

describe('the managers list’s selectors', () => {
  const running = (over: { loadManagers?: () => Promise<Manager[]> } = {}) =>
    createActor(
      managersMachine.provide({
        actors: {
          loadManagers: fromPromise(over.loadManagers ?? (async () => [EDITED])),
          setEnabled: fromPromise(async (): Promise<Manager> => ({ ...EDITED, enabled: '0' })),
          removeManager: fromPromise(async () => ({ result: 1 as const })),
        },
      }),
    ).start()
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

  it('shows the list, then the saved notice after a toggle, with the row switched off', async () => {
    const actor = running()
    expect(managersViewOf(actor.getSnapshot())).toBe('loading')
    await settle()
    expect(managersViewOf(actor.getSnapshot())).toBe('list')
    actor.send({ type: 'manager.toggle', manager: EDITED })
    expect(isManagersBusyOf(actor.getSnapshot())).toBe(true)
    await settle()
    expect(isToggleSavedOf(actor.getSnapshot())).toBe(true)
    expect(actor.getSnapshot().context.managers?.[0]?.enabled).toBe('0')
  })

  it('names the empty list and the delete question', async () => {
    const empty = running({ loadManagers: async () => [] })
    await settle()
    expect(managersViewOf(empty.getSnapshot())).toBe('empty')
    const actor = running()
    await settle()
    actor.send({ type: 'manager.remove', manager: EDITED })
    expect(managersDialogOf(actor.getSnapshot())).toBe('confirmRemove')
    actor.send({ type: 'remove.cancel' })
    expect(managersDialogOf(actor.getSnapshot())).toBe('none')
  })
})
