import { ALWAYS_OPEN_KEY, closedMenuKeys, MENU, type MenuEntry } from '../contract/menu'

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

const PROFILE_ENTRY: MenuEntry = MENU.find((entry) => entry.key === ALWAYS_OPEN_KEY) ?? { key: ALWAYS_OPEN_KEY, path: '/cabinet/profile/', title: 'Профиль' }

/** Where a login lands after sign-in and where the no-access page points: the first open screen (the profile is never closed). */
export function firstOpenEntry(filter: MenuFilter): MenuEntry {
  return visibleMenu(MENU, filter)[0] ?? PROFILE_ENTRY
}

export const firstOpenPath = (filter: MenuFilter): string => firstOpenEntry(filter).path

/** Whether the section of an address (a menu key, or undefined outside the menu) is closed to the login. */
export const isSectionClosed = (section: string | undefined, disabled: readonly string[]): boolean =>
  section !== undefined && closedMenuKeys(disabled).has(section)

const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`)

/**
 * Spec §2: the highlighted entry is the one whose link equals the current address. Only the
 * path counts (not the query), and '/cart' equals '/cart/'.
 */
export function isActiveEntry(entry: MenuEntry, pathname: string): boolean {
  const path = pathname.split(/[?#]/)[0] ?? ''
  return withSlash(entry.path) === withSlash(path)
}

/** What a route guard throws for an address in a closed section: the route's error component shows the no-access page. */
export class SectionClosedError extends Error {
  constructor(readonly section: string) {
    super(`section ${section} is closed to this login`)
    this.name = 'SectionClosedError'
  }
}
