import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { precompress } from './scripts/precompress'
import { routePages, type RoutePage } from './scripts/route-pages'

const apiPort = Number(process.env.API_PORT ?? 8080)
const backend = `http://127.0.0.1:${apiPort}`

/**
 * Libraries change far less often than our code: each group gets a chunk of its own, so a
 * release of the cabinet leaves the browser's cached copies of them valid.
 */
const VENDOR_GROUPS = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
  { name: 'rx', test: /[\\/]node_modules[\\/](rxjs|tslib)[\\/]/ },
  { name: 'state', test: /[\\/]node_modules[\\/](xstate|@xstate)[\\/]/ },
  { name: 'wire', test: /[\\/]node_modules[\\/](zod|ky)[\\/]/ },
]

/**
 * The one call every start makes, whoever opens the page: the session (the router's gate). Other
 * first calls (initdata, filterinit) are not preloaded: a signed-out visitor is sent to log in
 * before they are made, and a preloaded answer nobody took would be handed to the same call after
 * the login, still saying 401.
 */
const SESSION = ['/api/session/']
const route = (name: string): RoutePage => ({ module: new RegExp(`/src/app/routes/${name}-route\\.tsx$`), fetches: SESSION })

/** Screen addresses that get a page of their own preloading the screen (scripts/route-pages.ts). */
const ROUTE_PAGES: Record<string, RoutePage> = {
  '/login/': route('login'),
  '/cabinet/': route('catalogue'),
  '/cabinet/action12/': route('catalogue'),
  '/cabinet/brand/': route('brand'),
  '/cabinet/orders/': route('orders'),
  '/cabinet/drafts/': route('drafts'),
  '/cabinet/acts/': route('acts'),
  '/cabinet/favorites/': route('favorites'),
  '/cabinet/needs/': route('favorites'),
  '/cabinet/purchased/': route('purchased'),
  '/cabinet/pricelist/': route('pricelist'),
  '/cabinet/profile/': route('profile'),
  '/cart/': route('cart'),
}

export default defineConfig({
  plugins: [react(), routePages(ROUTE_PAGES), precompress()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/bundle-size.ts reads what each route loads from the manifest
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_GROUPS } } },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/rest', '/ajax', '/registration', '/reminder', '/search', '/tpl', '/pictures'].map((prefix) => [prefix, backend]),
    ),
  },
})
