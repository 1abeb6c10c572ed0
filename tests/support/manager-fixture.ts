import type { Manager } from '../../src/contract/managers'

/** A manager of the first demo company as the managers list answers it (enabled, one contract). */
export const MANAGER: Manager = {
  id: 7,
  enabled: '1',
  type_id: '2',
  email: 'manager@stroymarket.example',
  name: 'Алексей Кузнецов',
  contractSelect: ['1'],
  contracts: ['Договор поставки № 1'],
  disabledMenus: [],
}
