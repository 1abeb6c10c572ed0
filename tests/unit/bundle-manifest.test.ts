import { describe, expect, it } from 'vitest'
import { CATALOGUE_ROUTE, otherRouteChunks, routeFirstLoad, routeModules, type Manifest } from '../../scripts/bundle-manifest'

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/views/catalogue/catalogue-page.tsx', 'src/views/profile/profile-page.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_table.js': { file: 'assets/table.js', imports: ['_react.js'], css: ['assets/table.css'] },
  '_dialog.js': { file: 'assets/dialog.js' },
  'src/views/catalogue/catalogue-page.tsx': {
    file: 'assets/catalogue-page.js',
    src: 'src/views/catalogue/catalogue-page.tsx',
    imports: ['_table.js'],
    dynamicImports: ['_dialog.js'],
  },
  'src/views/profile/profile-page.tsx': {
    file: 'assets/profile-page.js',
    src: 'src/views/profile/profile-page.tsx',
    imports: ['_table.js'],
  },
}
const catalogue = /src\/views\/catalogue\//

describe('the first load of a route', () => {
  it('is the entry, its static imports, the route chunk and its static imports', () => {
    expect(routeFirstLoad(manifest, catalogue)).toEqual({
      js: ['assets/catalogue-page.js', 'assets/index.js', 'assets/react.js', 'assets/table.js'],
      css: ['assets/index.css', 'assets/table.css'],
    })
  })

  it('leaves out what the route loads later and the other routes', () => {
    const { js } = routeFirstLoad(manifest, catalogue)
    expect(js).not.toContain('assets/dialog.js')
    expect(otherRouteChunks(manifest, catalogue)).toEqual(['_dialog.js (shared chunk)', 'src/views/profile/profile-page.tsx'])
  })
})

describe('the routes the size check measures', () => {
  it('are the route modules by name, the catalogue with its screen folder', () => {
    const withRoutes: Manifest = {
      ...manifest,
      'src/app/routes/orders-route.tsx': { file: 'assets/orders-route.js', src: 'src/app/routes/orders-route.tsx' },
      'src/app/routes/catalogue-route.tsx': { file: 'assets/catalogue-route.js', src: 'src/app/routes/catalogue-route.tsx' },
      'src/app/routes/session-guards.ts': { file: 'assets/guards.js', src: 'src/app/routes/session-guards.ts' },
    }
    const routes = routeModules(withRoutes)
    expect(routes.map((route) => route.name)).toEqual(['catalogue', 'orders'])
    expect(routes[0]!.route).toBe(CATALOGUE_ROUTE)
    expect(routes[1]!.route.test('src/app/routes/orders-route.tsx')).toBe(true)
    expect(routes[1]!.route.test('src/app/routes/orders-route.tsx.map')).toBe(false)
  })
})
