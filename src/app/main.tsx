import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '../views/ui/global.css'
import { createAppRuntime, Providers } from './providers'

// canonical addresses end with '/': a typed or bookmarked '/cart' shows as '/cart/' (the
// router matches both but treats them as one location, so it cannot redirect between them)
const { pathname, search, hash } = window.location
if (!pathname.endsWith('/')) window.history.replaceState(window.history.state, '', `${pathname}/${search}${hash}`)

// the build puts the entry's stylesheets at the end of the body, so that the boot message paints
// before they arrive (scripts/route-pages.ts); loaded by now, they go back to the head ahead of any
// a screen adds, so the cascade is as ever: the shared styles first, a screen's own after them
const firstAdded = document.head.querySelector('link[rel="stylesheet"]')
for (const link of document.body.querySelectorAll('link[rel="stylesheet"]')) document.head.insertBefore(link, firstAdded)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

// the app starts in a task of its own (a message to itself, as React's scheduler does: unlike a
// timer it runs under a test's fake clock too): evaluating the modules is one long task already,
// and a phone's main thread is free between the two (the page shows its boot message meanwhile)
const start = new MessageChannel()
start.port1.onmessage = () => {
  start.port1.close()
  createRoot(root).render(
    <StrictMode>
      <Providers runtime={createAppRuntime()} />
    </StrictMode>,
  )
}
start.port2.postMessage(null)
