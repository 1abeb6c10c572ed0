/** The two demo customer companies, their legal entities, contracts, addresses and people. */

interface PersonSpec {
  email: string
  name: string
  phone: string
}

export interface CompanySpec {
  company: string
  /** the first 9 digits; the check digit is computed */
  innBase: string
  contragents: readonly { company: string; innBase: string }[]
  contracts: readonly { contragent: number; header: string; priceFactor: number }[]
  addresses: readonly { fullAddress: string; postindex: string }[]
  consignees: readonly { surname: string; name: string }[]
  mainAccount: PersonSpec
  manager: PersonSpec & { contracts: readonly number[]; disabledMenus: readonly string[] }
}

export const COMPANIES: readonly CompanySpec[] = [
  {
    company: 'ООО «СтройМаркет»',
    innBase: '772415638',
    contragents: [
      { company: 'ООО «СтройМаркет-Снаб»', innBase: '772803419' },
      { company: 'ИП Кузнецов Андрей Викторович', innBase: '5027119034' },
    ],
    contracts: [
      { contragent: 0, header: 'Договор № 17/2024 от 15.01.2024', priceFactor: 0.92 },
      { contragent: 0, header: 'Договор № 42/2024 от 03.06.2024', priceFactor: 0.95 },
      { contragent: 1, header: 'Договор № 8-ИП/2025 от 20.02.2025', priceFactor: 1 },
    ],
    addresses: [
      { fullAddress: 'г. Москва, ул. Ленинская Слобода, д. 19, стр. 1', postindex: '115280' },
      { fullAddress: 'Московская обл., г. Химки, ул. Заводская, д. 8', postindex: '141400' },
      { fullAddress: 'Московская обл., г. Подольск, Окружная ул., д. 2А', postindex: '142103' },
    ],
    consignees: [
      { surname: 'Иванов', name: 'Сергей' },
      { surname: 'Петрова', name: 'Анна' },
      { surname: 'Смирнов', name: 'Дмитрий' },
    ],
    mainAccount: { email: 'dealer@stroymarket.example', name: 'Кузнецов Андрей Викторович', phone: '+7 (495) 214-37-80' },
    manager: {
      email: 'manager@stroymarket.example',
      name: 'Белова Ольга Сергеевна',
      phone: '+7 (916) 583-20-41',
      contracts: [0, 1],
      // the acts have a screen, so signing in as this manager shows a closed section's «Нет доступа»
      disabledMenus: ['acts', 'contragents', 'managers'],
    },
  },
  {
    company: 'ООО «ТеплоДом»',
    innBase: '781029457',
    contragents: [
      { company: 'ООО «ТеплоДом Инжиниринг»', innBase: '667308215' },
      { company: 'ИП Соколова Марина Игоревна', innBase: '7810443826' },
    ],
    contracts: [
      { contragent: 0, header: 'Договор № 105/2023 от 11.09.2023', priceFactor: 0.95 },
      { contragent: 1, header: 'Договор № 23/2025 от 14.04.2025', priceFactor: 1 },
    ],
    addresses: [
      { fullAddress: 'г. Санкт-Петербург, Пулковское ш., д. 42, корп. 6', postindex: '196158' },
      { fullAddress: 'г. Екатеринбург, ул. Фронтовых Бригад, д. 18', postindex: '620017' },
      { fullAddress: 'Свердловская обл., г. Берёзовский, ул. Транспортников, д. 4', postindex: '623700' },
    ],
    consignees: [
      { surname: 'Васильев', name: 'Игорь' },
      { surname: 'Морозова', name: 'Елена' },
      { surname: 'Николаев', name: 'Артём' },
    ],
    mainAccount: { email: 'dealer@teplodom.example', name: 'Соколова Марина Игоревна', phone: '+7 (812) 407-19-62' },
    manager: {
      email: 'manager@teplodom.example',
      name: 'Григорьев Павел Андреевич',
      phone: '+7 (921) 330-75-18',
      contracts: [0],
      disabledMenus: [],
    },
  },
]

export const ROLE_LABELS = { mainAccount: 'основной аккаунт', manager: 'менеджер' } as const
