import { afterEach, vi } from 'vitest'

// test files share one module graph (isolate: false): no file may leave fake timers or spies to the next
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})
