import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '../views/ui/global.css'
import { createAppRuntime, Providers } from './providers'

// canonical addresses end with '/': a typed or bookmarked '/cart' shows as '/cart/' (the
// router matches both but treats them as one location, so it cannot redirect between them)
const { pathname, search, hash } = window.location
if (!pathname.endsWith('/')) window.history.replaceState(window.history.state, '', `${pathname}/${search}${hash}`)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

createRoot(root).render(
  <StrictMode>
    <Providers runtime={createAppRuntime()} />
  </StrictMode>,
)
