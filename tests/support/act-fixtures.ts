import type { Act, ActContract, ActsResponse } from '../../src/contract/acts'

/** Contracts as company 0 sees them: two of one contragent, one of another. */
export const ACT_CONTRACTS: ActContract[] = [
  { id: '1', header: 'Договор № 17/2024 от 15.01.2024', contragent: 'ООО «СтройМаркет-Снаб»', contragent_id: '1' },
  { id: '2', header: 'Договор № 42/2024 от 03.06.2024', contragent: 'ООО «СтройМаркет-Снаб»', contragent_id: '1' },
  { id: '3', header: 'Договор № 8-ИП/2025 от 20.02.2025', contragent: 'ИП Кузнецов Андрей Викторович', contragent_id: '2' },
]

export const ACT: Act = {
  id: 7,
  contract_id: '1',
  contract: 'Договор № 17/2024 от 15.01.2024',
  contragent_id: '1',
  contragent: 'ООО «СтройМаркет-Снаб»',
  startdate: '24.10.2026',
  enddate: '24.11.2026',
  state: 'queued',
  created_at: '2026-11-24T09:00:00.000Z',
}

export const actsPage = (acts: Act[], count = acts.length, page = 1): ActsResponse => ({
  acts,
  contracts: ACT_CONTRACTS,
  contragents: [
    { id: '1', company: 'ООО «СтройМаркет-Снаб»' },
    { id: '2', company: 'ИП Кузнецов Андрей Викторович' },
  ],
  count,
  pagination: { page, perpage: 20, pages: Math.ceil(count / 20) },
})
