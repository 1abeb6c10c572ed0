import type { Contract } from './account'

/** Contract '0' of the list filters: every contract the account may use. */
const ALL_CONTRACTS = { value: '0', label: 'Все договоры' } as const

/** The choices of a list filter's contract select: «Все договоры», then each contract. */
export const contractChoices = (contracts: readonly Pick<Contract, 'id' | 'header'>[]) => [
  ALL_CONTRACTS,
  ...contracts.map((contract) => ({ value: contract.id, label: contract.header })),
]
