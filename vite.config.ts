import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

const apiPort = Number(process.env.API_PORT ?? 8080)
const backend = `http://127.0.0.1:${apiPort}`

/**
 * Libraries change far less often than our code: each group gets a chunk of its own, so a
 * release of the cabinet leaves the browser's cached copies of them valid.
 */
const VENDOR_GROUPS = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
  { name: 'state', test: /[\\/]node_modules[\\/](xstate|@xstate|rxjs)[\\/]/ },
  { name: 'wire', test: /[\\/]node_modules[\\/](zod|ky)[\\/]/ },
]

export default defineConfig({
  plugins: [react()],
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
