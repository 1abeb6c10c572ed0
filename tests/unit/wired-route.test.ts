import { createElement, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { AppWiringProvider, wiredRoute } from '../../src/app/routes/wired-route'
import type { AppWiring } from '../../src/app/wiring/app-wiring'
import type { RegistrationDraft } from '../../src/contract/registration'
import { useRouteDep } from '../../src/views/app-deps'

// the route deps are opaque to this test: a draft reader stands in for any of them
const DRAFT = { name: 'Иван' } as RegistrationDraft

function DraftPage() {
  const readDraft = useRouteDep('readRegistrationDraft')
  return createElement('p', null, String(readDraft().name))
}

function OrdersPage() {
  useRouteDep('checkout')
  return null
}

const render = (app: AppWiring, route: ComponentType) => renderToString(createElement(AppWiringProvider, { wiring: app, children: createElement(route) }))
const fakeApp = () => ({}) as AppWiring

describe('a lazily loaded screen route', () => {
  it('wires its screen once per app runtime and gives the deps to its page', () => {
    const wire = vi.fn(() => ({ readRegistrationDraft: () => DRAFT }))
    const Route = wiredRoute(wire, DraftPage)
    const app = fakeApp()
    expect(render(app, Route)).toContain('Иван')
    render(app, Route)
    expect(wire).toHaveBeenCalledTimes(1)
    expect(wire).toHaveBeenCalledWith(app)
    // two routes of one screen (favourites and needs) share one wiring
    render(app, wiredRoute(wire, DraftPage))
    expect(wire).toHaveBeenCalledTimes(1)

    render(fakeApp(), Route)
    expect(wire).toHaveBeenCalledTimes(2)
  })

  it('names the dep a page reads that its route does not provide', () => {
    const Route = wiredRoute(() => ({ readRegistrationDraft: () => DRAFT }), OrdersPage)
    expect(() => render(fakeApp(), Route)).toThrow('the route of this screen provides no checkout')
  })
})
