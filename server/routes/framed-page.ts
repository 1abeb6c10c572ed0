import { SERVER_FRAME_ELEMENT_ID } from '../../src/contract/boot-answers'
import { SIDEBAR_COOKIE, SIDEBAR_STORAGE_KEY, TIME_ZONE_COOKIE } from '../../src/contract/frame'
import { classesOf } from './server-drawing'

/** the signed-in frame; the frame with the orders screen's first page inside; the login page */
export type FramedKind = 'frame' | 'orders' | 'login'

/**
 * A screen's page as it goes out with the server's frame (server-frame.ts) inside:
 * `before` + the frame + `after` + the boot answers + `tail`.
 */
export interface FramedPage {
  /** what the server draws into it: the signed-in frame, or the login page */
  kind: FramedKind
  before: string
  after: string
  tail: string
}

/** What index.html puts in #root until React's first render. */
const ROOT_PLACEHOLDER = /<div id="root">(?:<div class="boot"[^>]*>[^<]*<\/div>)?<\/div>/
const STYLESHEET = /\s*<link rel="stylesheet"(?: crossorigin)? href="([^"]+)">/g
/** a screen's own stylesheets, which its page preloads for its chunk (scripts/route-pages.ts) */
const PRELOADED_STYLESHEET = /\s*<link rel="preload" as="style" crossorigin href="([^"]+)">/g
const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g
/** what a page asks for ahead of its scripts: its screen's chunks and stylesheets (scripts/route-pages.ts) */
const PRELOAD = /\s*<link rel="(?:modulepreload|preload)"[^>]*>/g
/** the page's <template> of what it asks for only after its first paint */
const START_LATER_ID = 'after-first-paint'
/** what a screen shows while its code or its list loads (src/views/ui/loading.tsx) */
const LOADER_SELECTOR = classesOf('ui/loading')('block', 'fullPage')
  .split(' ')
  .map((name) => `.${name}`)
  .join(', ')

/**
 * The page's own script, after the boot answers. Once the page's first paint (the frame the server
 * drew, styled by the inline stylesheet) is on the screen, as the browser's paint timing reports
 * it, it asks for what the page would have preloaded (the screen's chunks and stylesheets) and
 * runs the start's chunks, each as a module script in its order, as the build wrote them
 * (scripts/route-pages.ts). A page in a background tab, which
 * paints nothing, starts them at once; one whose paint is not reported within a second starts them
 * then. And it takes the server's frame away as soon as React puts anything but its loader into
 * #root (its own frame, the login page, an error): in the same frame, so what is painted next is
 * React's frame where the server's was. Where the server drew the screen too, its frame stays until
 * React's screen shows more than its loader (its list, an empty list, an error). It also tells the server the sidebar's width the dealer
 * chose (localStorage, src/app/providers.tsx) in a cookie, now and when the page is left, for the
 * frame of the next page it asks for, and the browser's time zone, for the dates the server draws.
 */
const START_AFTER_PAINT = `{
  const rememberSidebar = () => {
    let narrow = false
    try {
      narrow = localStorage.getItem('${SIDEBAR_STORAGE_KEY}') === 'narrow'
    } catch {}
    document.cookie = '${SIDEBAR_COOKIE}=narrow; path=/; samesite=lax; max-age=' + (narrow ? 31536000 : 0)
  }
  rememberSidebar()
  addEventListener('pagehide', rememberSidebar)
  try {
    document.cookie = '${TIME_ZONE_COOKIE}=' + encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone) + '; path=/; samesite=lax; max-age=31536000'
  } catch {}
  const root = document.getElementById('root')
  const serverFrame = document.getElementById('${SERVER_FRAME_ELEMENT_ID}')
  const drawnScreen = serverFrame.querySelector('main#content > *')
  new MutationObserver((_, observer) => {
    const shown = root.firstElementChild
    if (!shown || shown.matches('[role="status"]')) return
    const main = drawnScreen && root.querySelector('main#content')
    if (main && (!main.firstElementChild || main.querySelector('${LOADER_SELECTOR}'))) return
    observer.disconnect()
    serverFrame.remove()
  }).observe(root, { childList: true, subtree: true })
  let started = false
  const start = () => {
    if (started) return
    started = true
    const later = document.getElementById('${START_LATER_ID}').content
    const starts = [...later.querySelectorAll('link[data-start]')]
    document.head.append(later)
    for (const link of starts) {
      const script = document.createElement('script')
      script.type = 'module'
      script.crossOrigin = ''
      script.src = link.href
      script.async = false
      document.body.append(script)
    }
  }
  if (document.visibilityState === 'hidden' || typeof PerformanceObserver !== 'function') start()
  else {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return
      observer.disconnect()
      start()
    }).observe({ type: 'paint', buffered: true })
    setTimeout(start, 1000)
  }
}`

/**
 * The page with room for the server's frame where #root's boot message was, or undefined when it
 * has no such placeholder or a stylesheet of it cannot be read. Its stylesheets are inline in the
 * head, so the frame paints as soon as the page is there; #root stays hidden beside the frame until
 * the SPA's first render replaces it (the page's own script, above). Its scripts and the screen's
 * preloads are asked for only after that first paint: the page needs none of them for it. Lighthouse
 * (Lantern) counts every script and preload that arrived before the largest paint as holding it
 * back; a phone starts the downloads the moment of its first paint later, about 0.1 s.
 */
export function framedPageOf(html: string, kind: FramedKind, readStylesheet: (href: string) => string | undefined): FramedPage | undefined {
  const bodyEnd = html.indexOf('</body>')
  if (!ROOT_PLACEHOLDER.test(html) || bodyEnd < 0) return undefined
  const css: string[] = []
  // the frame's styles are all the entry's; the login page's and a drawn screen's are their own too
  const inlined = kind === 'frame' ? [STYLESHEET] : [STYLESHEET, PRELOADED_STYLESHEET]
  for (const [, href] of inlined.flatMap((tag) => [...html.matchAll(tag)])) {
    const text = readStylesheet(href ?? '')
    if (text === undefined) return undefined
    css.push(text)
  }
  const withoutInlined = inlined.reduce((text, tag) => text.replace(tag, ''), html.slice(0, bodyEnd))
  const later = [
    ...[...withoutInlined.matchAll(PRELOAD)].map(([tag]) => tag.trim()),
    ...[...html.matchAll(MODULE_SCRIPT)].map(([, src]) => `<link rel="modulepreload" crossorigin href="${src}" data-start>`),
  ]
  const head = [
    `<style>${css.join('\n')}\n#${SERVER_FRAME_ELEMENT_ID} ~ #root { display: none; }</style>`,
    `<template id="${START_LATER_ID}">${later.join('')}</template>`,
  ]
  const page = withoutInlined
    .replace(PRELOAD, '')
    .replace(MODULE_SCRIPT, '')
    .replace('</head>', `${head.map((tag) => `  ${tag}\n`).join('')}</head>`)
  const [before, after] = page.split(ROOT_PLACEHOLDER) as [string, string]
  return {
    kind,
    before: `${before}<div id="${SERVER_FRAME_ELEMENT_ID}" inert aria-hidden="true">`,
    after: `</div><div id="root"></div>${after}`,
    // after the boot answers, which the scripts read
    tail: `<script>${START_AFTER_PAINT}</script>\n  ${html.slice(bodyEnd)}`,
  }
}
