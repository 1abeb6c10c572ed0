import { createElement, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { AppWiringProvider, wiredRoute } from '../../src/app/routes/wired-route'
import type { AppWiring } from '../../src/app/wiring/app-wiring'
import { useRouteDep, type RouteDeps } from '../../src/views/app-deps'

// the route deps are opaque to this test: a named object stands in for the order detail's machine
const DETAIL = { id: 'Иван' } as unknown as RouteDeps['orderDetail']

function DetailPage() {
  return createElement('p', null, useRouteDep('orderDetail').id)
}

function OrdersPage() {
  useRouteDep('checkout')
  return null
}

const render = (app: AppWiring, route: ComponentType) => renderToString(createElement(AppWiringProvider, { wiring: app, children: createElement(route) }))
const fakeApp = () => ({}) as AppWiring

describe('a lazily loaded screen route', () => {
  it('wires its screen once per app runtime and gives the deps to its page', () => {
    const wire = vi.fn(() => ({ orderDetail: DETAIL }))
    const Route = wiredRoute(wire, DetailPage)
    const app = fakeApp()
    expect(render(app, Route)).toContain('Иван')
    render(app, Route)
    expect(wire).toHaveBeenCalledTimes(1)
    expect(wire).toHaveBeenCalledWith(app)
    // two routes of one screen (favourites and needs) share one wiring
    render(app, wiredRoute(wire, DetailPage))
    expect(wire).toHaveBeenCalledTimes(1)

    render(fakeApp(), Route)
    expect(wire).toHaveBeenCalledTimes(2)
  })

  it('names the dep a page reads that its route does not provide', () => {
    const Route = wiredRoute(() => ({ orderDetail: DETAIL }), OrdersPage)
    expect(() => render(fakeApp(), Route)).toThrow('the route of this screen provides no checkout')
  })
})
