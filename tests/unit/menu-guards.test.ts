import { isRedirect, type ParsedLocation } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import type { Account } from '../../src/contract/account'
import { MENU_KEYS } from '../../src/contract/menu'
import { SectionClosedError } from '../../src/machines/menu'
import type { SessionActor } from '../../src/machines/session.machine'
import { leaveLoginIfSignedIn, requireOpenSection } from '../../src/app/routes/session-guards'

const account = (disabledMenus: string[]): Account => ({
  id: 1,
  email: 'manager@example.test',
  name: 'Менеджер',
  phone: '',
  type_id: '2',
  company: 'ООО «Тест»',
  inn: '7700000000',
  disabledMenus,
  contracts: [],
})

/** A settled session: only what the guards read (its tags and account). */
function sessionOf(signedIn: Account | null): { session: SessionActor } {
  const snapshot = { hasTag: (tag: string) => tag === (signedIn ? 'signedIn' : 'signedOut'), context: { account: signedIn } }
  const fake = { getSnapshot: () => snapshot, subscribe: () => ({ unsubscribe: () => {} }) }
  return { session: fake as unknown as SessionActor }
}

const at = (pathname: string) => ({ pathname, href: pathname }) as ParsedLocation

async function thrown(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  return undefined
}

describe('requireOpenSection', () => {
  it('throws SectionClosedError for an address in a closed section or a child of one', async () => {
    const context = sessionOf(account(['orders']))
    for (const [path, section] of [
      ['/cabinet/orders/', 'orders'],
      ['/cabinet/acts/', 'acts'],
      ['/cabinet/purchased/', 'purchased'],
    ] as const) {
      const error = await thrown(() => requireOpenSection({ context, location: at(path) }))
      expect(error).toBeInstanceOf(SectionClosedError)
      expect((error as SectionClosedError).section).toBe(section)
    }
  })

  it('lets open sections, the profile and unknown addresses through', async () => {
    const context = sessionOf(account(['orders', 'profile']))
    for (const path of ['/cabinet/', '/cabinet/drafts/', '/cabinet/profile/', '/cabinet/no-such-page/', '/cart/']) {
      expect(await thrown(() => requireOpenSection({ context, location: at(path) }))).toBeUndefined()
    }
  })

  it('leaves a signed-out visitor to the sign-in gate', async () => {
    expect(await thrown(() => requireOpenSection({ context: sessionOf(null), location: at('/cabinet/orders/') }))).toBeUndefined()
  })
})

describe('leaveLoginIfSignedIn', () => {
  const landing = async (disabled: string[], target?: string) => {
    const error = await thrown(() => leaveLoginIfSignedIn({ context: sessionOf(account(disabled)), target, built: MENU_KEYS }))
    expect(isRedirect(error)).toBe(true)
    return (error as { options: { href?: string } }).options.href
  }

  it('lands on the catalogue while it is open', async () => expect(await landing([])).toBe('/cabinet/'))

  it('lands on the first open section when the catalogue is closed', async () => {
    expect(await landing(['cabinet'])).toBe('/cart/')
    expect(await landing(['cabinet', 'cart'])).toBe('/cabinet/drafts/')
  })

  it('follows an explicit ?redirect= even into a closed section (its page says no access)', async () => {
    expect(await landing(['orders'], '/cabinet/orders/?page=2')).toBe('/cabinet/orders/?page=2')
  })

  it('stays on the login page while signed out', async () => {
    expect(await thrown(() => leaveLoginIfSignedIn({ context: sessionOf(null), target: undefined, built: MENU_KEYS }))).toBeUndefined()
  })
})
