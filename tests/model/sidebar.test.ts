import { describe, expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { SIDEBAR_MODES, sidebarMachine, type SidebarMode } from '../../src/machines/sidebar.machine'
import { describeMachinePaths } from '../support/path-testing'

/** What the app's localStorage write would have received, in order. */
let stored: SidebarMode[] = []
/** The width and the number of stored widths at the previous step. */
let previous = { width: '', stored: 0 }
const rememberingSidebar = sidebarMachine.provide({ actions: { storeMode: (_, { mode }) => stored.push(mode) } })

const widthOf = (snapshot: AnyMachineSnapshot) => (snapshot.value as { width: string }).width

/**
 * The sidebar opens at the remembered width with the drawer closed, storing nothing; a width
 * toggle stores the new width, and opening or closing the drawer stores nothing.
 */
const assertStoredMode = (remembered: SidebarMode) => (snapshot: AnyMachineSnapshot, _expected: unknown, index: number) => {
  if (index === 0) {
    stored = []
    expect(snapshot.value).toEqual({ width: remembered, drawer: 'closed' })
  } else if (widthOf(snapshot) === previous.width) {
    expect(stored).toHaveLength(previous.stored)
  } else {
    expect(stored).toHaveLength(previous.stored + 1)
    expect(stored.at(-1)).toBe(widthOf(snapshot))
  }
  previous = { width: widthOf(snapshot), stored: stored.length }
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
