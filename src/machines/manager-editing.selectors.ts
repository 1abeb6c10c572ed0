import type { SnapshotFrom } from 'xstate'
import { MANAGER_MESSAGES } from '../contract/managers'
import type { managerEditingMachine } from './manager-editing.machine'

type ManagerEditingSnapshot = SnapshotFrom<typeof managerEditingMachine>

/** What the form shows as a whole. */
export type ManagerFormStep = 'loading' | 'loadFailed' | 'editing' | 'saving' | 'saved' | 'closed'

export function managerFormStepOf(snapshot: ManagerEditingSnapshot): ManagerFormStep {
  if (snapshot.matches('loading')) return 'loading'
  if (snapshot.matches('loadFailed')) return 'loadFailed'
  if (snapshot.matches('saving')) return 'saving'
  if (snapshot.matches('saved')) return 'saved'
  if (snapshot.matches('closed')) return 'closed'
  return 'editing'
}

/** The message under the contracts («Выберите договор», in red), under the e-mail (taken) and at the form's foot (other failures). */
export const managerFormMessagesOf = (snapshot: ManagerEditingSnapshot) => ({
  contracts: snapshot.matches({ editing: 'noContract' }) ? MANAGER_MESSAGES.noContract : null,
  email: snapshot.matches({ editing: 'duplicate' }) ? snapshot.context.errorMessage : null,
  form: snapshot.matches({ editing: 'saveFailed' }) || snapshot.matches({ editing: 'offline' }) ? snapshot.context.errorMessage : null,
  canRetry: snapshot.matches({ editing: 'offline' }),
})

/** One checkbox of the menu tree: open = checked; a child of a closed parent is unchecked and disabled. */
export interface MenuCheckbox {
  key: string
  title: string
  isOpen: boolean
  isDisabled: boolean
  children: MenuCheckbox[]
}

export function menuCheckboxesOf(snapshot: ManagerEditingSnapshot): MenuCheckbox[] {
  const closed = snapshot.context.draft.disabledMenus
  return (snapshot.context.choices?.menu ?? []).map((node) => {
    const isOpen = !closed.includes(node.key)
    return {
      key: node.key,
      title: node.title,
      isOpen,
      isDisabled: false,
      children: node.children.map((child) => ({
        key: child.key,
        title: child.title,
        isOpen: isOpen && !closed.includes(child.key),
        isDisabled: !isOpen,
        children: [],
      })),
    }
  })
}

/** The contracts as checkboxes, grouped by contragent (a contragent without contracts is left out). */
export function contractGroupsOf(snapshot: ManagerEditingSnapshot) {
  const choices = snapshot.context.choices
  if (!choices) return []
  const chosen = snapshot.context.draft.contractSelect
  return choices.contragents
    .map((contragent) => ({
      id: contragent.id,
      company: contragent.company,
      contracts: choices.contracts
        .filter((contract) => contract.contragent_id === contragent.id)
        .map((contract) => ({ id: contract.id, header: contract.header, isChosen: chosen.includes(contract.id) })),
    }))
    .filter((group) => group.contracts.length > 0)
}
