/** How the atlas groups the machines on its index; a machine in no group is listed under «Other». */
export const WORKFLOW_GROUPS: ReadonlyArray<{ title: string; machines: readonly string[] }> = [
  {
    title: 'Sign-in, session and frame',
    machines: ['session', 'registration', 'reminder', 'invitation', 'shell', 'screenHost', 'sidebar', 'inbox', 'searchAutocomplete'],
  },
  {
    title: 'Catalogue and products',
    machines: [
      'catalogueFilter',
      'brandProducts',
      'productCard',
      'productCardHost',
      'addToBasket',
      'basketAdders',
      'warehouseMap',
      'favoritesNeeds',
      'bulkAction',
      'purchasedGoods',
    ],
  },
  { title: 'Basket and orders', machines: ['basket', 'checkout', 'draftSave', 'drafts', 'pricelist', 'orders', 'orderDetail', 'orderCancel', 'orderRepeat'] },
  { title: 'Documents and exports', machines: ['acts', 'actRequest', 'exporter'] },
  {
    title: 'Company and account',
    machines: [
      'profile',
      'passwordChange',
      'problemReport',
      'managers',
      'managerEditing',
      'pricePolicy',
      'contragents',
      'contragentForm',
      'consignees',
      'consigneeForm',
      'addresses',
      'addressForm',
    ],
  },
  { title: 'Messages', machines: ['chat', 'callback', 'notifications'] },
]

export interface BrowserReplay {
  /** the Playwright spec that replays the machine's paths, from the repository root */
  spec: string
  /**
   * 'every': the spec replays the model tests' generated paths as they are (the same events);
   * 'subset': it replays the walkable subset `browserPaths()` picks with the spec's own server data
   */
  replays: 'every' | 'subset'
}

/** The six named workflows: their machines and the browser spec replaying each machine's paths. */
export const NAMED_WORKFLOWS: ReadonlyArray<{ name: string; machines: Readonly<Record<string, BrowserReplay>> }> = [
  { name: 'Registration', machines: { registration: { spec: 'tests/e2e/registration-paths.spec.ts', replays: 'subset' } } },
  {
    name: 'Basket with stock checks',
    machines: {
      basket: { spec: 'tests/e2e/basket-paths.spec.ts', replays: 'subset' },
      checkout: { spec: 'tests/e2e/checkout-paths.spec.ts', replays: 'subset' },
    },
  },
  {
    name: 'Order cancel and repeat',
    machines: {
      orderCancel: { spec: 'tests/e2e/order-paths.spec.ts', replays: 'every' },
      orderRepeat: { spec: 'tests/e2e/order-paths.spec.ts', replays: 'every' },
    },
  },
  { name: 'Act request', machines: { actRequest: { spec: 'tests/e2e/act-paths.spec.ts', replays: 'subset' } } },
  { name: 'Manager editing', machines: { managerEditing: { spec: 'tests/e2e/manager-editing-paths.spec.ts', replays: 'subset' } } },
  { name: 'Exporter polling', machines: { exporter: { spec: 'tests/e2e/exporter-paths.spec.ts', replays: 'subset' } } },
]

/** The named workflow a machine belongs to, with its browser replay. */
export function namedWorkflowOf(machineId: string): { name: string; replay: BrowserReplay } | undefined {
  for (const workflow of NAMED_WORKFLOWS) {
    const replay = workflow.machines[machineId]
    if (replay) return { name: workflow.name, replay }
  }
  return undefined
}
