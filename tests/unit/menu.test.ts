import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { closedMenuKeys, isActiveEntry, MENU, MENU_KEYS, menuTree, sectionClosedMessage, sectionOfPath, visibleMenu } from '../../src/contract/menu'
import { firstOpenEntry, firstOpenPath, isSectionClosed } from '../../src/machines/menu'

const keysOf = (entries: { key: string }[]) => entries.map((entry) => entry.key)
const childrenOf = (key: string) => MENU.filter((entry) => entry.parent === key).map((entry) => entry.key)

describe('MENU', () => {
  it('lists each child right after its parent (or its siblings), parents being top-level entries', () => {
    MENU.forEach((entry, index) => {
      if (entry.parent === undefined) return
      const parent = MENU.findIndex((candidate) => candidate.key === entry.parent)
      expect(parent).toBeGreaterThanOrEqual(0)
      expect(MENU[parent]?.parent).toBeUndefined()
      expect(MENU.slice(parent + 1, index).every((between) => between.parent === entry.parent)).toBe(true)
    })
  })

  it('nests the acts and purchased goods under orders, and the brands under the catalogue (spec §6 child items)', () => {
    expect(childrenOf('orders')).toEqual(['acts', 'purchased'])
    expect(childrenOf('cabinet')).toEqual(['brand'])
  })

  it('has unique keys', () => expect(new Set(MENU_KEYS).size).toBe(MENU_KEYS.length))
})

describe('closedMenuKeys', () => {
  it('closes a listed key and every child of it', () => {
    expect([...closedMenuKeys(['orders'])].sort()).toEqual(['acts', 'orders', 'purchased'])
  })

  it('closes a child alone without its parent', () => {
    expect([...closedMenuKeys(['acts'])]).toEqual(['acts'])
  })

  it('never closes the profile, and ignores unknown keys', () => {
    expect(closedMenuKeys(['profile', 'nonsense']).size).toBe(0)
  })

  it('is the listed keys plus their children, minus the profile, for any list', () =>
    fc.assert(
      fc.property(fc.subarray(MENU_KEYS), (disabled) => {
        const expected = MENU.filter(
          (entry) => entry.key !== 'profile' && (disabled.includes(entry.key) || (entry.parent !== undefined && disabled.includes(entry.parent))),
        )
        expect([...closedMenuKeys(disabled)].sort()).toEqual(keysOf(expected).sort())
      }),
    ))
})

describe('sectionOfPath', () => {
  it.each([
    ['/cabinet/', 'cabinet'],
    ['/cabinet/orders/', 'orders'],
    ['/cabinet/orders/?page=2', 'orders'],
    ['/cabinet/acts', 'acts'],
    ['/cabinet/brand/12/', 'brand'],
    ['/cabinet/action12/', 'cabinet'],
    ['/cart/', 'cart'],
    ['/cart', 'cart'],
    ['/cabinet/profile/', 'profile'],
  ])('%s is in the section %s', (path, key) => expect(sectionOfPath(path)).toBe(key))

  it.each(['/', '/login/', '/cabinet/no-such-page/', '/cart/extra/', '/registration/form'])('%s is in no section', (path) =>
    expect(sectionOfPath(path)).toBeUndefined(),
  )

  it("finds every entry's own section from its link", () => {
    for (const entry of MENU) expect(sectionOfPath(entry.path)).toBe(entry.key)
  })
})

describe('sectionClosedMessage', () => {
  it('names the section by its menu title', () => {
    expect(sectionClosedMessage('orders')).toBe('Раздел «Заказы» недоступен для вашей учётной записи')
    expect(sectionClosedMessage('acts')).toBe('Раздел «Акты сверки» недоступен для вашей учётной записи')
  })
})

describe('visibleMenu and menuTree', () => {
  it('shows the built screens the user may see, in menu order', () => {
    const entries = visibleMenu(MENU, { built: ['profile', 'cabinet', 'orders'], disabled: ['orders'] })
    expect(keysOf(entries)).toEqual(['cabinet', 'profile'])
  })

  it('hides every entry whose screen is not built yet', () => {
    expect(visibleMenu(MENU, { built: [], disabled: [] })).toEqual([])
  })

  it('hides the children of a closed parent', () => {
    expect(keysOf(visibleMenu(MENU, { built: MENU_KEYS, disabled: ['orders'] })).filter((key) => ['orders', 'acts', 'purchased'].includes(key))).toEqual([])
  })

  it('keeps exactly the entries that are built and not closed', () =>
    fc.assert(
      fc.property(fc.subarray(MENU_KEYS), fc.subarray(MENU_KEYS), (built, disabled) => {
        const closed = closedMenuKeys(disabled)
        expect(keysOf(visibleMenu(MENU, { built, disabled }))).toEqual(MENU_KEYS.filter((key) => built.includes(key) && !closed.has(key)))
      }),
    ))

  it('puts each child under its parent', () => {
    const tree = menuTree(MENU, { built: ['cabinet', 'brand', 'orders', 'acts', 'purchased', 'profile'], disabled: ['purchased'] })
    expect(tree.map((node) => [node.entry.key, keysOf(node.children)])).toEqual([
      ['cabinet', ['brand']],
      ['orders', ['acts']],
      ['profile', []],
    ])
  })

  it('shows a child on its own when its parent is not built', () => {
    const tree = menuTree(MENU, { built: ['acts', 'profile'], disabled: [] })
    expect(tree.map((node) => node.entry.key)).toEqual(['acts', 'profile'])
  })

  it('holds every visible entry once, for any filter', () =>
    fc.assert(
      fc.property(fc.subarray(MENU_KEYS), fc.subarray(MENU_KEYS), (built, disabled) => {
        const flat = menuTree(MENU, { built, disabled }).flatMap((node) => [node.entry, ...node.children])
        expect(keysOf(flat)).toEqual(keysOf(visibleMenu(MENU, { built, disabled })))
      }),
    ))
})

describe('firstOpenPath', () => {
  it('is the catalogue while it is open', () => expect(firstOpenPath({ built: MENU_KEYS, disabled: ['orders'] })).toBe('/cabinet/'))

  it('skips closed sections and their children', () => {
    expect(firstOpenEntry({ built: MENU_KEYS, disabled: ['cabinet', 'cart'] }).key).toBe('drafts')
  })

  it('skips screens not built yet, and falls back to the profile', () => {
    expect(firstOpenPath({ built: ['exporter', 'profile'], disabled: [] })).toBe('/cabinet/exporter/')
    expect(firstOpenPath({ built: ['profile'], disabled: MENU_KEYS })).toBe('/cabinet/profile/')
    expect(firstOpenPath({ built: [], disabled: [] })).toBe('/cabinet/profile/')
  })
})

describe('isSectionClosed', () => {
  it('closes a listed section and the children of a listed one; addresses outside the menu are never closed', () => {
    expect(isSectionClosed('orders', ['orders'])).toBe(true)
    expect(isSectionClosed('purchased', ['orders'])).toBe(true)
    expect(isSectionClosed('orders', ['acts'])).toBe(false)
    expect(isSectionClosed('profile', ['profile'])).toBe(false)
    expect(isSectionClosed(undefined, MENU_KEYS)).toBe(false)
  })
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
