import { ALWAYS_OPEN_KEY, closedMenuKeys, MENU, visibleMenu, type MenuEntry, type MenuFilter } from '../contract/menu'

const PROFILE_ENTRY: MenuEntry = MENU.find((entry) => entry.key === ALWAYS_OPEN_KEY) ?? { key: ALWAYS_OPEN_KEY, path: '/cabinet/profile/', title: 'Профиль' }

/** Where a login lands after sign-in and where the no-access page points: the first open screen (the profile is never closed). */
export function firstOpenEntry(filter: MenuFilter): MenuEntry {
  return visibleMenu(MENU, filter)[0] ?? PROFILE_ENTRY
}

export const firstOpenPath = (filter: MenuFilter): string => firstOpenEntry(filter).path

/** Whether the section of an address (a menu key, or undefined outside the menu) is closed to the login. */
export const isSectionClosed = (section: string | undefined, disabled: readonly string[]): boolean =>
  section !== undefined && closedMenuKeys(disabled).has(section)

/** What a route guard throws for an address in a closed section: the route's error component shows the no-access page. */
export class SectionClosedError extends Error {
  constructor(readonly section: string) {
    super(`section ${section} is closed to this login`)
    this.name = 'SectionClosedError'
  }
}
