import { BOOT_ANSWERS_ELEMENT_ID, bootAnswersSchema } from '../contract/boot-answers'

/** The page's boot answers as the http client uses them. */
export interface BootAnswers {
  /** the JSON a GET of this address (bootAddress) would have answered, handed out once; undefined when there is none */
  take(address: string): { body: unknown } | undefined
  /** forgets every answer not taken yet */
  drop(): void
}

/**
 * How long after the page was asked for its answers are still taken: the start's calls come well
 * within it, while a screen opened later asks the server afresh.
 */
const BOOT_ANSWERS_FRESH_MS = 10_000

export interface BootAnswersClock {
  /** milliseconds since the page was asked for (performance.now() in the browser) */
  now: () => number
  freshForMs: number
}

const PAGE_CLOCK: BootAnswersClock = { now: () => performance.now(), freshForMs: BOOT_ANSWERS_FRESH_MS }

/**
 * The answers the server put into the page for the start's GET calls. They are what the server knew
 * when it sent the page, so each goes to the first GET of its address only, and only while the
 * start lasts (BOOT_ANSWERS_FRESH_MS). Whatever is left is dropped at the first call that may change
 * something on the server (http.ts drops them at any POST: a sign-in, a sign-out, a contract
 * switch, a basket edit): a later GET then asks the server.
 */
export function createBootAnswers(answers: Readonly<Record<string, unknown>>, clock: BootAnswersClock = PAGE_CLOCK): BootAnswers {
  const left = new Map(Object.entries(answers))
  return {
    take(address) {
      if (left.size > 0 && clock.now() > clock.freshForMs) left.clear()
      if (!left.has(address)) return undefined
      const body = left.get(address)
      left.delete(address)
      return { body }
    },
    drop: () => left.clear(),
  }
}

/** What is read of the page: the document. */
export interface PageWithAnswers {
  getElementById(id: string): { textContent: string | null; remove(): void } | null
}

/**
 * Reads the page's boot answers once and removes them from the page, so a second reader (another
 * http client) gets none. A page without them (from the dev server, say) has none.
 */
export function readPageBootAnswers(page: PageWithAnswers | undefined = globalThis.document): BootAnswers {
  const element = page?.getElementById(BOOT_ANSWERS_ELEMENT_ID)
  if (!element) return createBootAnswers({})
  element.remove()
  let json: unknown
  try {
    json = JSON.parse(element.textContent ?? '')
  } catch {
    json = {}
  }
  const parsed = bootAnswersSchema.safeParse(json)
  return createBootAnswers(parsed.success ? parsed.data : {})
}
