import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '../views/ui/global.css'
import { nextTask } from '../services/idle'
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

// the app starts in a task of its own, after the tasks that evaluated the modules (the page runs
// each start chunk as a module script of its own, scripts/route-pages.ts): a phone's main thread
// is free between them (the page shows its boot message meanwhile); the runtime is built in a few
// tasks more (createAppRuntime).
// The first render is a transition: React renders it in slices of about 5 ms with the main thread
// free between them, where a plain render would be one long task on a phone (issue 24)
void nextTask().then(async () => {
  const runtime = await createAppRuntime()
  const app = createRoot(root)
  startTransition(() =>
    app.render(
      <StrictMode>
        <Providers runtime={runtime} />
      </StrictMode>,
    ),
  )
})
