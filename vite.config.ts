import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

const apiPort = Number(process.env.API_PORT ?? 8080)
const backend = `http://127.0.0.1:${apiPort}`

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/rest', '/ajax', '/registration', '/reminder', '/search', '/tpl', '/pictures'].map((prefix) => [prefix, backend]),
    ),
  },
})
