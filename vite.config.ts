import { defaultClientConditions, defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { cssModuleClassName } from './scripts/css-module-names.ts'
import { firstLoadGroups } from './scripts/first-load-chunks.ts'
import { precompress } from './scripts/precompress.ts'
import { pureSchemas } from './scripts/pure-schemas.ts'
import { routePages, type RoutePage } from './scripts/route-pages.ts'
import { stripMachineDescriptions } from './scripts/strip-machine-descriptions.ts'
import { ORDERS_FIRST_PAGE_ADDRESS } from './src/contract/boot-answers.ts'

const apiPort = Number(process.env.API_PORT ?? 8080)
const backend = `http://127.0.0.1:${apiPort}`

/**
 * Libraries change far less often than our code: they get chunks of their own, so a release of
 * the cabinet leaves the browser's cached copies of them valid. Those every start runs (React,
 * the router, xstate and zod) share one chunk: apart, each chunk's import and export lists
 * cost 1.6 KB gzipped of the first load. RxJS, needed by a few screens only, stays apart.
 */
const VENDOR_GROUPS = [
  {
    name: 'vendor',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store|xstate|@xstate|use-isomorphic-layout-effect|zod)[\\/]/,
  },
  { name: 'rx', test: /[\\/]node_modules[\\/](rxjs|tslib)[\\/]/ },
]

/**
 * Seven characters of hash in a file's name (the default is eight): the lazy imports in the first
 * load name some 40 files. The bundler asks for more the more chunks there are (seven from 65 on)
 * and stops the build when it needs more, so a new screen can never get a clash.
 */
const HASH = '[hash:7]'

/**
 * Our modules that the same few screens always load together, each set in one chunk: apart, each
 * small chunk's import and export lists cost the screens that load it about 0.1 KB gzipped (the
 * CSS modules' class names come along).
 * `row-actions`: the bulk selection of the orders, favourites and drafts lists (the selection bar
 * and its view-model, the wait for the bulk action's code, and for an order's cancel and repeat). `product-pages`: the product table, the paged products view and the
 * warehouse choice of the brand and favourites pages.
 */
const SHARED_SCREEN_GROUPS = [
  {
    name: 'row-actions',
    test: /[\\/]src[\\/](machines[\\/](row-selection|bulk-action-code|child-code)|views[\\/]ui[\\/](selection-bar|selection-connect|lazy-bulk-action-dialog)|views[\\/]product[\\/]use-basket-view-model|app[\\/]wiring[\\/]bulk-actions)(\.tsx?|\.module\.css)$/,
    includeDependenciesRecursively: false,
  },
  {
    name: 'product-pages',
    test: /[\\/]src[\\/]views[\\/]product[\\/](product-table|paged-products-view|warehouse-select)(\.tsx|\.module\.css)$/,
    includeDependenciesRecursively: false,
  },
]

/** Chunks every start loads before any lazy import runs (the entry `index`, `rolldown-runtime`, `vendor`). */
const ALWAYS_LOADED = /(^|\/)(index|rolldown-runtime|vendor)-[\w-]{7}\.js$/

/** What every signed-in start imports lazily, whatever the screen: the basket's watch on other tabs, and ky (src/services/http.ts). */
const SIGNED_IN_START_IMPORTS = [/\/src\/services\/basket-tab-changes\.ts$/, /\/node_modules\/ky\/distribution\/index\.js$/]

/**
 * A screen's page names the GET calls its signed-in start makes besides the session, the init data
 * and the basket; the server answers them all inside the page (src/contract/boot-answers.ts).
 */
const route = (name: string, bootCalls: readonly string[] = []): RoutePage => ({
  module: new RegExp(`/src/app/routes/${name}-route\\.tsx$`),
  bootCalls,
  startImports: name === 'login' ? [] : SIGNED_IN_START_IMPORTS,
})
const FILTER_INIT = ['/api/filterinit/']

/** Screen addresses that get a page of their own preloading the screen (scripts/route-pages.ts). */
const ROUTE_PAGES: Record<string, RoutePage> = {
  '/login/': route('login'),
  '/cabinet/': route('catalogue', FILTER_INIT),
  '/cabinet/action12/': route('catalogue', FILTER_INIT),
  '/cabinet/brand/': route('brand'),
  '/cabinet/orders/': route('orders', [ORDERS_FIRST_PAGE_ADDRESS]),
  '/cabinet/drafts/': route('drafts'),
  '/cabinet/acts/': route('acts'),
  '/cabinet/favorites/': route('favorites'),
  '/cabinet/needs/': route('favorites'),
  '/cabinet/purchased/': route('purchased'),
  '/cabinet/pricelist/': route('pricelist'),
  '/cabinet/profile/': route('profile'),
  '/cabinet/addresses/': route('addresses'),
  '/cabinet/consignees/': route('consignees'),
  '/cabinet/contragents/': route('contragents'),
  '/cabinet/managers/': route('managers'),
  '/cabinet/chat/': route('chat'),
  '/cabinet/exporter/': route('exporter'),
  '/cabinet/notifications/': route('notifications'),
  '/cabinet/complaints/': route('complaint'),
  '/cabinet/complaints/list/': route('complaints'),
  '/cart/': route('cart', ['/api/getBasketTableInit/']),
}

export default defineConfig({
  plugins: [react(), stripMachineDescriptions(), pureSchemas(), routePages(ROUTE_PAGES), precompress()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/bundle-size.ts reads what each route loads from the manifest
    manifest: true,
    modulePreload: {
      // every browser the cabinet is built for (vite's baseline: ES2022 with import.meta.resolve
      // checks) follows <link rel=modulepreload> itself; where one does not, it loads the same
      // modules through the imports
      polyfill: false,
      // a lazy chunk's list of what to preload with it names only its stylesheets: Vite waits for
      // them before the chunk runs, so a screen never paints unstyled. Its JavaScript imports are
      // fetched by the chunk itself (a step later): the list of some 50 script names sat in the
      // `app` chunk of every start and weighed 0.8 KB gzipped, which kept the catalogue's first
      // load over its 150 KB budget. The router fetches a screen's chunk as soon as the dealer
      // points at or touches its link (defaultPreload: 'intent'), so the later step mostly
      // happens before the click. Page addresses (hostType html) keep every modulepreload; what
      // every start loads anyway (the entry, the bundler runtime, the libraries) is never listed.
      resolveDependencies: (_, deps, { hostType }) => deps.filter((dep) => !ALWAYS_LOADED.test(dep) && (hostType === 'html' || dep.endsWith('.css'))),
    },
    rolldownOptions: {
      output: {
        entryFileNames: `assets/[name]-${HASH}.js`,
        chunkFileNames: `assets/[name]-${HASH}.js`,
        assetFileNames: `assets/[name]-${HASH}[extname]`,
        codeSplitting: { groups: [...VENDOR_GROUPS, ...firstLoadGroups(), ...SHARED_SCREEN_GROUPS] },
      },
    },
  },
  resolve: {
    // React 19 has useSyncExternalStore: the libraries' shim of it (for React 16 and 17) resolves to
    // React's own hook, and their selector hook to the shim-free build of the same package
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
    ],
    // RxJS's ES2015 build (native classes, no tslib) rather than its ES5 one: 1.6 KB gzipped less
    // for every screen that polls or suggests
    conditions: ['es2015', ...defaultClientConditions],
  },
  css: { modules: { generateScopedName: cssModuleClassName } },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/rest', '/ajax', '/registration', '/reminder', '/search', '/tpl', '/pictures'].map((prefix) => [prefix, backend])),
  },
})
