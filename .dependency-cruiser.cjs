/**
 * The import rules of the cabinet (README, "How it is built"). `npm run lint:deps` checks them,
 * and `npm test` runs it before any test runner: a violation fails the build.
 *
 * Imports flow one way: contract → services → machines → views → app. Type-only imports count.
 */
const SHARED_VIEW_FOLDERS = '(ui|product|layout|session)'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles anywhere, type-only imports included.',
      from: { path: '^(src|server|scripts)/' },
      to: { circular: true },
    },
    {
      name: 'contract-imports-nothing-ours',
      severity: 'error',
      comment: 'src/contract is the wire contract both sides share: it imports only npm packages and itself.',
      from: { path: '^src/contract/' },
      to: { path: '^(src|server|scripts|tests)/', pathNot: '^src/contract/' },
    },
    {
      name: 'services-import-only-contract',
      severity: 'error',
      comment: 'src/services talks to the network and the browser; it knows the contract, nothing above it.',
      from: { path: '^src/services/' },
      to: { path: '^(src|server|scripts|tests)/', pathNot: '^src/(contract|services)/' },
    },
    {
      name: 'machines-import-no-views-app-or-react',
      severity: 'error',
      comment: 'Machines are pure workflow: no views, no app layer, no React.',
      from: { path: '^src/machines/' },
      to: { path: ['^src/(views|app)/', '(^|/)node_modules/(react|react-dom|@xstate/react|@tanstack/react-router)/'] },
    },
    {
      name: 'views-import-no-services',
      severity: 'error',
      comment: 'Views get their actors from the composition root (src/app/providers.tsx), never from a service.',
      from: { path: '^src/views/' },
      to: { path: '^src/services/' },
    },
    {
      name: 'server-imports-only-contract-from-src',
      severity: 'error',
      comment: 'The server shares the wire contract with the SPA and nothing else.',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/contract/' },
    },
    {
      name: 'screen-folders-are-independent',
      severity: 'error',
      comment: `A screen folder imports no other screen folder; what screens share lives in src/views/${SHARED_VIEW_FOLDERS}.`,
      from: { path: '^src/views/([^/]+)/', pathNot: `^src/views/${SHARED_VIEW_FOLDERS}/` },
      to: { path: '^src/views/([^/]+)/', pathNot: ['^src/views/$1/', `^src/views/${SHARED_VIEW_FOLDERS}/`] },
    },
    {
      name: 'shared-views-import-no-screen',
      severity: 'error',
      comment: 'The shared view folders (ui, product, session) are below every screen: they import no screen folder.',
      from: { path: '^src/views/(ui|product|session)/' },
      to: { path: '^src/views/([^/]+)/', pathNot: `^src/views/${SHARED_VIEW_FOLDERS}/` },
    },
    {
      name: 'ui-primitives-import-only-ui',
      severity: 'error',
      comment: 'src/views/ui holds primitives: they know nothing of products, the frame, the session or the app.',
      from: { path: '^src/views/ui/' },
      to: { path: '^src/(views/(?!ui/)|app/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
