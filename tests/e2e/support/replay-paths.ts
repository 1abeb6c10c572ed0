import type { Page, Route } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { pathTitle, statesOf, type BrowserPaths, type MachinePath } from '../../support/browser-paths'
import { expect, test } from './fixtures'

export interface HeldCall {
  /** the address's path, e.g. '/api/drafts/' */
  path: string
  /** only this method is held (the others go through); default: every method */
  method?: string
}

export interface HoldOptions {
  /**
   * Match the addresses with a pattern the browser checks itself (the path, then the query or the
   * end): with the default function Playwright routes every request of the page (scripts,
   * pictures, every call) through the test to ask it, which costs each request a round trip.
   */
  matchInBrowser?: boolean
}

/** The address's path as a pattern: the path, then its query, its fragment or the end. */
const pathMatcher = (path: string) => new RegExp(`^[a-z]+://[^/?#]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[?#]|$)`)

export type HeldCalls<Name extends string> = Awaited<ReturnType<typeof holdCalls<Name>>>

/**
 * Holds the page's calls to these addresses until the path's outcome step answers them: `pass`
 * lets the oldest held one through to the server, `fulfill` answers it (a refusal, an answer the
 * seeded data cannot give), `abort` drops the connection. A call the path never answers stays
 * pending, so the page stays in its waiting state. Calls beyond `limits` go through at once;
 * `release` ends the holding.
 */
export async function holdCalls<Name extends string>(
  page: Page,
  calls: Record<Name, HeldCall>,
  limits: Partial<Record<Name, number>> = {},
  options: HoldOptions = {},
) {
  const held = Object.fromEntries(Object.keys(calls).map((name) => [name, [] as Route[]])) as Record<Name, Route[]>
  const left = { ...limits }
  const matchers: (RegExp | ((url: URL) => boolean))[] = []
  for (const [name, call] of Object.entries(calls) as [Name, HeldCall][]) {
    const matcher = options.matchInBrowser ? pathMatcher(call.path) : (url: URL) => url.pathname === call.path
    matchers.push(matcher)
    await page.route(matcher, (route) => {
      if (call.method && route.request().method() !== call.method) return void route.fallback()
      if (left[name] !== undefined && left[name]-- <= 0) return void route.fallback()
      held[name].push(route)
    })
  }
  const next = async (name: Name) => {
    await expect.poll(() => held[name].length, { message: `the page calls ${calls[name].path}` }).toBeGreaterThan(0)
    return held[name].shift()!
  }
  return {
    pass: async (name: Name) => (await next(name)).fallback(),
    fulfill: async (name: Name, status: number, json: unknown) => (await next(name)).fulfill({ status, json }),
    abort: async (name: Name) => (await next(name)).abort('internetdisconnected'),
    /** the calls go to the server again (the ones still held stay pending) */
    release: async () => {
      for (const matcher of matchers) await page.unroute(matcher)
    },
  }
}

export interface Replay<Page> {
  /** opens the page for a path (fresh data, routes); what `act` and `expectShown` work on */
  start: (path: MachinePath) => Promise<Page>
  /** does on the page what makes the machine take this event from `before` */
  act: (page: Page, event: AnyEventObject, before: AnyMachineSnapshot) => Promise<unknown>
  /**
   * what the dealer sees in this state (reached by `event`). The step's snapshot stands for its
   * graph vertex: only what the path's graph key holds (the state value and the facts the
   * machine's serializer adds) is sure to be this path's own.
   */
  expectShown: (page: Page, state: AnyMachineSnapshot, event: AnyEventObject) => Promise<void>
  /** after each path (also a failed one): undoes what it left on the server */
  finish?: (page: Page) => Promise<void>
}

/**
 * Replays the chosen paths one after the other, a test step each: the page is opened, then each
 * event is caused as a dealer causes it and the state's visible marker is checked. Prints how many
 * paths the machine has, how many a dealer can walk and how many were replayed; answers the state
 * values reached.
 */
export async function replayPaths<Handle>(machineId: string, paths: BrowserPaths, replay: Replay<Handle>): Promise<Set<string>> {
  const reached = new Set<string>()
  for (const [index, path] of paths.replayed.entries()) {
    await test.step(`path ${index + 1}: ${pathTitle(path)}`, async () => {
      const handle = await replay.start(path)
      try {
        for (const [at, step] of path.steps.entries()) {
          if (at > 0) await replay.act(handle, step.event, path.steps[at - 1]!.state)
          await replay.expectShown(handle, step.state, step.event)
        }
      } finally {
        await replay.finish?.(handle)
      }
      for (const state of statesOf(path)) reached.add(state)
    })
  }
  console.log(
    `${machineId} paths in the browser: ${paths.generated.length} generated, ${paths.walkable.length} walkable by a dealer, ` +
      `${paths.replayed.length} replayed, reaching ${reached.size} state values`,
  )
  return reached
}
