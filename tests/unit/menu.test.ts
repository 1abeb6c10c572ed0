import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MENU, MENU_KEYS } from '../../src/contract/menu'
import { isActiveEntry, visibleMenu } from '../../src/machines/menu'

const keysOf = (entries: { key: string }[]) => entries.map((entry) => entry.key)

describe('visibleMenu', () => {
  it('shows the built screens the user may see, in menu order', () => {
    const entries = visibleMenu(MENU, { built: ['profile', 'cabinet', 'orders'], disabled: ['orders'] })
    expect(keysOf(entries)).toEqual(['cabinet', 'profile'])
  })

  it('hides every entry whose screen is not built yet', () => {
    expect(visibleMenu(MENU, { built: [], disabled: [] })).toEqual([])
  })

  it('keeps exactly the entries that are built and not disabled', () =>
    fc.assert(
      fc.property(fc.subarray(MENU_KEYS), fc.subarray(MENU_KEYS), (built, disabled) => {
        const keys = keysOf(visibleMenu(MENU, { built, disabled }))
        expect(keys).toEqual(MENU_KEYS.filter((key) => built.includes(key) && !disabled.includes(key)))
      }),
    ))
})

describe('isActiveEntry', () => {
  const profile = MENU.find((entry) => entry.key === 'profile')!
  const cart = MENU.find((entry) => entry.key === 'cart')!

  it('highlights the entry whose link equals the address', () => {
    expect(isActiveEntry(profile, '/cabinet/profile/')).toBe(true)
    expect(isActiveEntry(cart, '/cart')).toBe(true)
    expect(isActiveEntry(profile, '/cabinet/profile/?page=2')).toBe(true)
  })

  it('does not highlight a parent for a child address', () => {
    const catalogue = MENU.find((entry) => entry.key === 'cabinet')!
    expect(isActiveEntry(catalogue, '/cabinet/profile/')).toBe(false)
    expect(isActiveEntry(catalogue, '/cabinet/')).toBe(true)
  })

  it('highlights exactly one entry on each menu address', () => {
    for (const entry of MENU) expect(keysOf(MENU.filter((e) => isActiveEntry(e, entry.path)))).toEqual([entry.key])
  })

  it('highlights nothing on an address outside the menu', () => {
    expect(MENU.filter((entry) => isActiveEntry(entry, '/cabinet/unknown/'))).toEqual([])
  })
})
