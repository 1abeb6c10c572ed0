import type { Contract } from '../../contract/account'
import { contractChoices } from '../../contract/contract-choices'

export { contractChoices }

/** The <option>s of a list filter's contract select. */
export function ContractOptions({ contracts }: { contracts: readonly Contract[] }) {
  return contractChoices(contracts).map((choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  ))
}
