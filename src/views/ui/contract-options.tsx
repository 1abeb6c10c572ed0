import type { Contract } from '../../contract/account'

/** Contract '0' of the list filters: every contract the account may use. */
const ALL_CONTRACTS = { value: '0', label: 'Все договоры' } as const

/** The choices of a list filter's contract select: «Все договоры», then each contract. */
export const contractChoices = (contracts: readonly Contract[]) => [
  ALL_CONTRACTS,
  ...contracts.map((contract) => ({ value: contract.id, label: contract.header })),
]

/** The <option>s of a list filter's contract select. */
export function ContractOptions({ contracts }: { contracts: readonly Contract[] }) {
  return contractChoices(contracts).map((choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  ))
}
