import type { MenuEntry } from '../contract/menu'

export interface MenuFilter {
  /** keys of the screens the route tree has */
  built: readonly string[]
  /** keys the main account hid from this login (the account's disabledMenus) */
  disabled: readonly string[]
}

/** The sidebar's entries in menu order: only screens that exist and are not hidden from the user. */
export function visibleMenu(entries: readonly MenuEntry[], { built, disabled }: MenuFilter): MenuEntry[] {
  return entries.filter((entry) => built.includes(entry.key) && !disabled.includes(entry.key))
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
