import { describe, expect, it } from 'vitest'
import type { Rolldown } from 'vite'
import { dependencyOrder, startInSteps } from '../../scripts/route-pages'

const chunk = (fileName: string, imports: string[] = []) => ({ fileName, imports }) as unknown as Rolldown.OutputChunk

const runtime = chunk('assets/rolldown-runtime-a.js')
const vendor = chunk('assets/vendor-b.js', [runtime.fileName])
const app = chunk('assets/app-c.js', [runtime.fileName, vendor.fileName])
const entry = chunk('assets/index-d.js', [runtime.fileName, vendor.fileName, app.fileName])
const byFile = new Map([runtime, vendor, app, entry].map((item) => [item.fileName, item]))

const VITE_PAGE = `<head>
    <script type="module" crossorigin src="/assets/index-d.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/app-c.js">
  </head>`

describe('the start in steps', () => {
  it('orders the start chunks so each comes after every chunk it imports, the entry last', () => {
    expect(dependencyOrder(entry, byFile).map((item) => item.fileName)).toEqual([runtime, vendor, app, entry].map((item) => item.fileName))
  })

  it('writes each start chunk as a module script of its own ahead of the entry, and drops their modulepreloads', () => {
    const page = startInSteps(VITE_PAGE, '/', dependencyOrder(entry, byFile))
    const scripts = [...page.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)].map((match) => match[1])
    expect(scripts).toEqual(['/assets/rolldown-runtime-a.js', '/assets/vendor-b.js', '/assets/app-c.js', '/assets/index-d.js'])
    expect(page).not.toContain('modulepreload')
  })

  it('leaves a page without an entry as it is', () => {
    expect(startInSteps(VITE_PAGE, '/', [])).toBe(VITE_PAGE)
  })
})
