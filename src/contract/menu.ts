/**
 * The sidebar's entries. A key is the last path segment of the entry's address (architecture §2a);
 * the main account closes entries to a manager by listing keys in `disabledMenus` (spec §6). A
 * child entry (spec §6 "child menu items") names its `parent`; a closed parent closes its children.
 * Entries are listed in sidebar order, each child right after its parent.
 */
export interface MenuEntry {
  key: string
  path: string
  title: string
  /** the key of the entry this one is nested under */
  parent?: string
}

export const MENU: readonly MenuEntry[] = [
  { key: 'cabinet', path: '/cabinet/', title: 'Каталог' },
  { key: 'brand', path: '/cabinet/brand/0/', title: 'Бренды', parent: 'cabinet' },
  { key: 'cart', path: '/cart/', title: 'Корзина' },
  { key: 'drafts', path: '/cabinet/drafts/', title: 'Черновики' },
  { key: 'orders', path: '/cabinet/orders/', title: 'Заказы' },
  { key: 'acts', path: '/cabinet/acts/', title: 'Акты сверки', parent: 'orders' },
  { key: 'purchased', path: '/cabinet/purchased/', title: 'Купленные товары', parent: 'orders' },
  { key: 'favorites', path: '/cabinet/favorites/', title: 'Избранное' },
  { key: 'needs', path: '/cabinet/needs/', title: 'Потребности' },
  { key: 'pricelist', path: '/cabinet/pricelist/', title: 'Загрузка прайс-листа' },
  { key: 'exporter', path: '/cabinet/exporter/', title: 'Выгрузка прайс-листа' },
  { key: 'addresses', path: '/cabinet/addresses/', title: 'Адреса доставки' },
  { key: 'consignees', path: '/cabinet/consignees/', title: 'Грузополучатели' },
  { key: 'contragents', path: '/cabinet/contragents/', title: 'Контрагенты' },
  { key: 'managers', path: '/cabinet/managers/', title: 'Менеджеры' },
  { key: 'chat', path: '/cabinet/chat/', title: 'Чат с менеджером' },
  { key: 'complaints', path: '/cabinet/complaints/', title: 'Рекламации' },
  { key: 'notifications', path: '/cabinet/notifications/', title: 'Уведомления' },
  { key: 'profile', path: '/cabinet/profile/', title: 'Профиль' },
]

export const MENU_KEYS = MENU.map((entry) => entry.key)

/** The basket's section (issue 21, item 12): closing it also closes every way into the basket and its calls. */
export const BASKET_KEY = 'cart'

/** The account's own page: where a login always gets in, so no list of keys can close it. */
export const ALWAYS_OPEN_KEY = 'profile'

/** Sections only a main account uses (issue 22): closed to every manager, whatever its disabledMenus say. */
export const MAIN_ACCOUNT_ONLY_KEYS: readonly string[] = ['contragents', 'managers']

/** A login's closed keys as its screens and the server apply them: a manager's disabledMenus plus the main account's own sections. */
export function effectiveDisabledMenus(typeId: string, disabledMenus: readonly string[]): string[] {
  if (typeId === '1') return [...disabledMenus]
  return [...disabledMenus, ...MAIN_ACCOUNT_ONLY_KEYS.filter((key) => !disabledMenus.includes(key))]
}

/** Addresses that belong to a section without being its menu link ('/cabinet/action12/' is the catalogue's search). */
const PATH_ALIASES: Readonly<Record<string, string>> = { action12: 'cabinet' }

/** The keys a login may not use: the listed ones (unknown keys ignored) and every child of a listed one; never the profile. */
export function closedMenuKeys(disabledMenus: readonly string[]): Set<string> {
  const closed = new Set<string>()
  for (const entry of MENU) {
    const listed = disabledMenus.includes(entry.key) || (entry.parent !== undefined && closed.has(entry.parent))
    if (listed && entry.key !== ALWAYS_OPEN_KEY) closed.add(entry.key)
  }
  return closed
}

/** The menu key of the section an address belongs to ('/cabinet/orders/?page=2' → 'orders'), or undefined outside the menu. */
export function sectionOfPath(pathname: string): string | undefined {
  const segments = (pathname.split(/[?#]/)[0] ?? '').split('/').filter(Boolean)
  const [first, second] = segments
  if (first === 'cart' && second === undefined) return 'cart'
  if (first !== 'cabinet') return undefined
  if (second === undefined) return 'cabinet'
  const key = PATH_ALIASES[second] ?? second
  return MENU_KEYS.includes(key) ? key : undefined
}

const menuTitleOf = (key: string): string => MENU.find((entry) => entry.key === key)?.title ?? key

/** Spec §6, issue 11: what the server answers (403) and the no-access page says for a closed section. */
export const sectionClosedMessage = (key: string): string => `Раздел «${menuTitleOf(key)}» недоступен для вашей учётной записи`

export interface MenuFilter {
  /** keys of the screens the route tree has */
  built: readonly string[]
  /** keys the main account closed to this login (the account's disabledMenus) */
  disabled: readonly string[]
}

/** A sidebar entry with its open child entries (spec §6 child menu items). */
export interface MenuNode {
  entry: MenuEntry
  children: MenuEntry[]
}

/** The sidebar's entries in menu order: only screens that exist and are open to the user (a closed parent closes its children). */
export function visibleMenu(entries: readonly MenuEntry[], { built, disabled }: MenuFilter): MenuEntry[] {
  const closed = closedMenuKeys(disabled)
  return entries.filter((entry) => built.includes(entry.key) && !closed.has(entry.key))
}

/** The visible entries as a tree: a child sits under its parent; one whose parent is not built stands alone. */
export function menuTree(entries: readonly MenuEntry[], filter: MenuFilter): MenuNode[] {
  const visible = visibleMenu(entries, filter)
  const nodes: MenuNode[] = []
  for (const entry of visible) {
    const parent = entry.parent === undefined ? undefined : nodes.find((node) => node.entry.key === entry.parent)
    if (parent) parent.children.push(entry)
    else nodes.push({ entry, children: [] })
  }
  return nodes
}

const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`)

/**
 * Spec §2: the highlighted entry is the one whose link equals the current address. Only the
 * path counts (not the query), and '/cart' equals '/cart/'.
 */
export function isActiveEntry(entry: MenuEntry, pathname: string): boolean {
  const path = pathname.split(/[?#]/)[0] ?? ''
  return withSlash(entry.path) === withSlash(path)
}
