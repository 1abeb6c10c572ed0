import { setup, type ActorRefFrom } from 'xstate'

export const SIDEBAR_MODES = ['wide', 'narrow'] as const
export type SidebarMode = (typeof SIDEBAR_MODES)[number]

export interface SidebarInput {
  /** the width remembered from the last visit */
  mode: SidebarMode
}

export type SidebarEvent = { type: 'sidebar.toggle' } | { type: 'sidebar.open' } | { type: 'sidebar.close' }

/**
 * Spec §4: the sidebar is wide or narrow. The chosen width is remembered through `storeMode`,
 * a no-op here that the app provides with a localStorage write, so the machine stays pure.
 * On a phone or tablet the sidebar is a drawer behind the header's menu button instead; its
 * open/closed region runs beside the width, which the drawer keeps for the next wide screen.
 */
export const sidebarMachine = setup({
  types: {} as { context: SidebarInput; events: SidebarEvent; input: SidebarInput },
  guards: {
    isRememberedNarrow: ({ context }) => context.mode === 'narrow',
  },
  actions: {
    storeMode: (_, _params: { mode: SidebarMode }) => {},
  },
}).createMachine({
  id: 'sidebar',
  description:
    'The sidebar is wide (titles) or narrow (initials with tooltips); the choice is remembered. Under the narrow-screen breakpoint it is a drawer opened by the menu button.',
  context: ({ input }) => ({ mode: input.mode }),
  type: 'parallel',
  states: {
    width: {
      description: 'The width on a wide screen',
      initial: 'restoring',
      states: {
        restoring: {
          description: 'Opens at the width remembered from the last visit',
          always: [{ guard: 'isRememberedNarrow', target: 'narrow' }, { target: 'wide' }],
        },
        wide: {
          description: 'Menu titles are shown; the toggle reads "Свернуть меню"',
          on: {
            'sidebar.toggle': { target: 'narrow', actions: { type: 'storeMode', params: { mode: 'narrow' } } },
          },
        },
        narrow: {
          description: 'Only initials are shown, titles as tooltips; the toggle reads "Развернуть меню"',
          on: {
            'sidebar.toggle': { target: 'wide', actions: { type: 'storeMode', params: { mode: 'wide' } } },
          },
        },
      },
    },
    drawer: {
      description: 'The menu on a narrow screen (phone, tablet): a drawer over the page',
      initial: 'closed',
      states: {
        closed: {
          description: 'Only the menu button "Меню" shows (aria-expanded false)',
          on: { 'sidebar.open': { target: 'open', description: 'The menu button is pressed' } },
        },
        open: {
          description: 'The menu with full titles lies over the page; focus is inside it',
          on: {
            'sidebar.close': {
              target: 'closed',
              description: 'Escape, the close button, a click outside or following a menu link',
            },
          },
        },
      },
    },
  },
})

/** The running sidebar actor, as views and other actors hold it. */
export type SidebarActor = ActorRefFrom<typeof sidebarMachine>
