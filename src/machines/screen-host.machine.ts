import { assign, createMachine, enqueueActions, setup, type ActorRefFrom, type AnyActorRef } from 'xstate'
import { codeStates } from './lazy-logic'
import { unprovidedPromise } from './machine-support'
import {
  addressEventOf,
  SCREEN_INPUTS,
  SCREEN_NAMES,
  screenOf,
  type Address,
  type ScreenChoice,
  type ScreenFrame,
  type ScreenLogics,
  type ScreenName,
} from './screens'

export interface ScreenHostContext {
  /** the address the router delivered last; null before the first */
  address: Address | null
  frame: ScreenFrame
  /** the screen running (or loading) and its key; null where the address shows none */
  screen: ScreenChoice | null
}

export interface ScreenHostInput {
  address: Address | null
  frame: ScreenFrame
}

export type ScreenHostEvent =
  /** the router: the dealer went to an address (a link, back, a reload, a screen's own change) */
  | { type: 'address.changed'; address: Address }
  /** the shell: the selected contract or the chosen warehouse changed */
  | { type: 'frame.changed'; frame: ScreenFrame }
  /** the dealer asks to load a screen's code again after it failed */
  | { type: 'screen.retry' }

// The screens' code is not imported here: the app provides each machine, loading its code with
// the route (`loadScreenCode`). A host that is not given one (a test of the host alone) runs this.
const unprovidedScreen = createMachine({ id: 'screen' })
const screenStub = <N extends ScreenName>() => unprovidedScreen as unknown as ScreenLogics[N]

const choiceOf = (context: ScreenHostContext, change: { address?: Address; frame?: ScreenFrame }): ScreenChoice | null => {
  const address = change.address ?? context.address
  return address && screenOf(address, change.frame ?? context.frame)
}

const changeOf = (event: ScreenHostEvent) =>
  event.type === 'address.changed' ? { address: event.address } : event.type === 'frame.changed' ? { frame: event.frame } : {}

/**
 * The screen host, the shell's child: runs the machine of the screen the address shows, as its
 * child with the screen's name as systemId (views read it from there), and stops it when the dealer
 * leaves. Another address of the same screen goes to the running machine as its own event; another
 * screen, or another contract or warehouse for a screen that depends on them, starts it afresh.
 */
export const screenHostMachine = setup({
  types: {} as {
    context: ScreenHostContext
    events: ScreenHostEvent
    input: ScreenHostInput
    children: { [N in ScreenName]: N } & { loadScreenCode: 'loadScreenCode' }
  },
  actors: {
    /** resolves when the screen's code is there (it loads with its route) */
    loadScreenCode: unprovidedPromise<void, { name: ScreenName }>('loadScreenCode'),
    catalogueFilter: screenStub<'catalogueFilter'>(),
    brandProducts: screenStub<'brandProducts'>(),
    favoritesNeeds: screenStub<'favoritesNeeds'>(),
    pricelist: screenStub<'pricelist'>(),
    orders: screenStub<'orders'>(),
    drafts: screenStub<'drafts'>(),
    acts: screenStub<'acts'>(),
    contragents: screenStub<'contragents'>(),
    purchasedGoods: screenStub<'purchasedGoods'>(),
    profile: screenStub<'profile'>(),
    addresses: screenStub<'addresses'>(),
    consignees: screenStub<'consignees'>(),
    managers: screenStub<'managers'>(),
    chat: screenStub<'chat'>(),
    exporter: screenStub<'exporter'>(),
    notifications: screenStub<'notifications'>(),
    complaint: screenStub<'complaint'>(),
    complaints: screenStub<'complaints'>(),
  },
  guards: {
    isSameScreen: ({ context, event }) => choiceOf(context, changeOf(event))?.key === context.screen?.key,
    hasNoScreen: ({ context }) => choiceOf(context, {}) === null,
    isScreen: ({ context }, params: { name: ScreenName }) => context.screen?.name === params.name,
  },
  actions: {
    storeChange: assign({
      address: ({ context, event }) => changeOf(event).address ?? context.address,
      frame: ({ context, event }) => changeOf(event).frame ?? context.frame,
    }),
    storeScreen: assign({ screen: ({ context }) => choiceOf(context, {}) }),
    /** the running screen gets the address as its own event */
    forwardAddress: enqueueActions(({ context, system, enqueue }) => {
      const { screen, address } = context
      const child = screen ? (system.get(screen.name) as AnyActorRef | undefined) : undefined
      const event = screen && address && addressEventOf(screen.name, address, context.frame)
      if (child && event) enqueue.sendTo(child, event)
    }),
  },
}).createMachine({
  id: 'screenHost',
  description: 'Runs the machine of the screen the address shows (systemId = its name) and stops it when the dealer leaves.',
  context: ({ input }) => ({ address: input.address, frame: input.frame, screen: null }),
  initial: 'choosing',
  on: {
    'address.changed': [
      {
        guard: 'isSameScreen',
        description: 'Another address of the same screen: the running machine gets it as its own event (it decides whether it is news)',
        actions: ['storeChange', 'forwardAddress'],
      },
      { target: '.choosing', description: 'Another screen: the running one stops', actions: 'storeChange' },
    ],
    'frame.changed': [
      {
        guard: 'isSameScreen',
        description: 'Another contract or warehouse that this screen does not start from: it follows the new frame',
        actions: ['storeChange', 'forwardAddress'],
      },
      { target: '.choosing', description: 'The screen starts from the contract or warehouse: it starts afresh', actions: 'storeChange' },
    ],
  },
  states: {
    choosing: {
      description: 'Which screen the address shows',
      always: [
        {
          guard: 'hasNoScreen',
          target: 'none',
          actions: 'storeScreen',
          description: 'None: the basket page, search without a keyword, an unknown path, the price list with the basket closed',
        },
        { target: 'loadingCode', actions: 'storeScreen', description: 'A screen' },
      ],
    },
    none: { description: 'No screen machine runs' },
    ...codeStates({
      loading: { description: "The screen's code loads with its route; the page shows its loader" },
      load: {
        src: 'loadScreenCode',
        input: ({ context }: { context: ScreenHostContext }) => ({ name: context.screen?.name ?? 'catalogueFilter' }),
      },
      loaded: { target: 'starting' },
      failed: { description: 'The page says the screen could not be loaded, with «Повторить»' },
      retry: { event: 'screen.retry', description: 'The dealer asks to load it again' },
    }),
    starting: {
      description: 'Starts the machine of the chosen screen',
      always: SCREEN_NAMES.map((name) => ({
        guard: { type: 'isScreen' as const, params: { name } },
        target: name,
        description: `The address shows ${name}`,
      })),
    },
    ...screenStates(),
  },
})

/** One state per screen: while it is active the screen's machine runs as its child, systemId = its name. */
function screenStates() {
  return Object.fromEntries(
    SCREEN_NAMES.map((name) => [
      name,
      {
        description: `The ${name} screen runs (child and systemId "${name}")`,
        invoke: {
          id: name,
          src: name,
          systemId: name,
          input: ({ context }: { context: ScreenHostContext }) => SCREEN_INPUTS[name](context.address!, context.frame) as never,
        },
      },
    ]),
  ) as Record<ScreenName, object>
}

export type ScreenHostActor = ActorRefFrom<typeof screenHostMachine>
