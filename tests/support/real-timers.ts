import { afterEach, vi } from 'vitest'

// test files share one module graph (isolate: false): no file may leave fake timers to the next
afterEach(() => {
  vi.useRealTimers()
})
