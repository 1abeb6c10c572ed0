import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { brandHref } from '../../src/views/product/brand-link'
import { FIRST_ROWS, useProgressiveList } from '../../src/views/ui/progressive-list'

describe('a brand link', () => {
  // the app's router writes addresses with a trailing slash and plain strings in the search
  const root = createRootRoute()
  const brand = createRoute({ getParentRoute: () => root, path: 'cabinet/brand/$id' })
  const router = createRouter({ routeTree: root.addChildren([brand]), history: createMemoryHistory(), trailingSlash: 'always' })
  const built = (id: number, search: object) => router.buildLocation({ to: '/cabinet/brand/$id/', params: { id }, search } as never).href

  it('has the address the router builds for the brand page', () => {
    expect(brandHref(7)).toBe(built(7, {}))
    expect(brandHref(0, 'list')).toBe(built(0, { view: 'list' }))
    expect(brandHref(12, 'tiles')).toBe(built(12, { view: 'tiles' }))
  })
})

describe('a progressively rendered list', () => {
  function List({ items }: { items: number[] }) {
    const { shown, complete } = useProgressiveList(items)
    return createElement('ul', { 'aria-busy': !complete }, ...shown.map((item) => createElement('li', { key: item }, item)))
  }
  const rendered = (count: number) => renderToString(createElement(List, { items: Array.from({ length: count }, (_, index) => index) }))

  it('renders the first rows at once and says it is busy until the rest follow', () => {
    const html = rendered(20)
    expect(html.match(/<li>/g)).toHaveLength(FIRST_ROWS)
    expect(html).toContain('aria-busy="true"')
  })

  it('renders a short list whole', () => {
    const html = rendered(FIRST_ROWS)
    expect(html.match(/<li>/g)).toHaveLength(FIRST_ROWS)
    expect(html).toContain('aria-busy="false"')
  })
})
