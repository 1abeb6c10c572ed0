import { describe, expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { SIDEBAR_MODES, sidebarMachine, type SidebarMode } from '../../src/machines/sidebar.machine'
import { describeMachinePaths } from '../support/path-testing'

/** What the app's localStorage write would have received, in order. */
let stored: SidebarMode[] = []
const rememberingSidebar = sidebarMachine.provide({ actions: { storeMode: (_, { mode }) => stored.push(mode) } })

/** The sidebar opens at the remembered width storing nothing; each toggle stores the new width. */
const assertStoredMode = (remembered: SidebarMode) => (snapshot: AnyMachineSnapshot, _expected: unknown, index: number) => {
  if (index === 0) {
    stored = []
    expect(snapshot.value).toBe(remembered)
  }
  expect(stored).toHaveLength(index)
  if (index > 0) expect(stored.at(-1)).toBe(snapshot.value)
}

// the remembered width is the machine's input: each one opens the sidebar by its own branch,
// and the second run's gate counts what both runs covered (one recorder per test file)
for (const [position, mode] of SIDEBAR_MODES.entries()) {
  describe(`remembered ${mode}`, () => {
    describeMachinePaths(rememberingSidebar, {
      input: { mode },
      assertStep: assertStoredMode(mode),
      expectFullCoverage: position === SIDEBAR_MODES.length - 1,
    })
  })
}
