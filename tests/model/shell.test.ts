import { describe, expect, it } from 'vitest'
import { assign, createActor, fromPromise, setup, waitFor, type AnyMachineSnapshot } from 'xstate'
import type { Contract, InitData } from '../../src/contract/account'
import type { InboxResponse } from '../../src/contract/inbox'
import {
  isBasketClosedFor,
  pickWarehouse,
  shellMachine,
  type SetContractOutput,
  type ShellContext,
  type ShellLoadOutput,
} from '../../src/machines/shell.machine'
import { ApiCallError, NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { deferred } from '../support/deferred'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const supply: Contract = { id: '101', header: 'Договор поставки №101', contragent: 'ООО «Теплодом»' }
const consignment: Contract = { id: '102', header: 'Договор комиссии №102', contragent: 'ИП Сидоров' }

const initData: InitData = {
  account: {
    id: 3,
    email: 'manager@teplodom.example',
    name: 'Ольга Миронова',
    phone: '+7 (812) 555-01-02',
    type_id: '2',
    company: 'ООО «Теплодом»',
    inn: '7812345678',
    disabledMenus: ['acts'],
    contracts: [supply, consignment],
  },
  contracts: [supply, consignment],
  selectedContract: supply.id,
  warehouses: [
    { id: 1, header: 'Склад Парнас' },
    { id: 2, header: 'Склад Шушары' },
  ],
  basket: { count: 0, sum: 0 },
}

/** the browser remembers warehouse 2 */
const loaded: ShellLoadOutput = { initData, storedWarehouse: 2 }
/** the same manager with «Корзина» closed too (issue 21, item 12) */
const basketClosed: ShellLoadOutput = { initData: { ...initData, account: { ...initData.account, disabledMenus: ['acts', 'cart'] } }, storedWarehouse: 2 }

const switched: SetContractOutput = { selectedContract: consignment.id, basket: { count: 3, sum: 15_400 } }
const SWITCH_REFUSED = 'Договор недоступен'

/** the profile saved the name and phone of the signed-in account; another id is not this session's */
const renamed = { ...initData.account, name: 'Ольга Белова', phone: '+7 (812) 555-09-09' }

const cases: EventCases = {
  'account.changed': [{ type: 'account.changed', account: renamed }],
  'xstate.done.actor.loadInitData': [{ type: 'xstate.done.actor.loadInitData', output: loaded }],
  'xstate.error.actor.loadInitData': [{ type: 'xstate.error.actor.loadInitData', error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) }],
  // another contract switches; the selected one does not
  'contract.select': [consignment.id, supply.id].map((id) => ({ type: 'contract.select', id })),
  'xstate.done.actor.setContract': [{ type: 'xstate.done.actor.setContract', output: switched }],
  'xstate.error.actor.setContract': [{ type: 'xstate.error.actor.setContract', error: new ApiCallError(SWITCH_REFUSED, 403) }],
  // a screen's change without a contract, of the selected contract's basket, and of another contract's (ignored)
  'basket.changed': [
    { type: 'basket.changed', basket: { count: 1, sum: 2_300 } },
    { type: 'basket.changed', basket: { count: 4, sum: 9_100 }, contract: supply.id },
    { type: 'basket.changed', basket: { count: 7, sum: 1_000 }, contract: consignment.id },
  ],
  'basket.summary': [{ type: 'basket.summary', basket: { count: 2, sum: 4_100 } }],
  'basket.contract': [{ type: 'basket.contract', contract: consignment.id }],
  'xstate.error.actor.loadBasketCode': [{ type: 'xstate.error.actor.loadBasketCode', error: new Error('Failed to fetch dynamically imported module') }],
  'xstate.error.actor.loadCallbackCode': [{ type: 'xstate.error.actor.loadCallbackCode', error: new Error('Failed to fetch dynamically imported module') }],
  'xstate.error.actor.loadHeaderSearchCode': [
    { type: 'xstate.error.actor.loadHeaderSearchCode', error: new Error('Failed to fetch dynamically imported module') },
  ],
  // another listed warehouse is taken; the chosen one and an unlisted one change nothing
  'warehouse.select': [1, 2, 7].map((id) => ({ type: 'warehouse.select', id })),
  // the router: the basket page, and a screen's page
  'address.changed': ['/cart/', '/cabinet/orders/'].map((path) => ({
    type: 'address.changed',
    address: { path, search: {}, at: '2026-11-26T10:00:00.000Z' },
  })),
  'address.navigate': [{ type: 'address.navigate', navigation: { to: '/cart/' } }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ShellContext
/** the frame's regions (contract, basket, search, inbox) run side by side: their combinations make a large graph */
const LIMIT = 60_000

let previous: AnyMachineSnapshot | undefined

/** What the header, the contract selector and the error block read in each state. */
function assertShellFacts(snapshot: AnyMachineSnapshot, _expected: unknown, index: number) {
  const { initData: data, pendingContract, errorMessage, selectedWarehouse } = contextOf(snapshot)
  const before = index > 0 ? previous : undefined
  previous = snapshot
  // the session's one product card host runs while the frame is shown
  expect(snapshot.children.productCardHost !== undefined).toBe(snapshot.matches('ready'))
  // the header search runs once its code is there
  expect(snapshot.children.headerSearch !== undefined).toBe(snapshot.matches({ ready: { search: 'running' } }))
  // the callback dialog's machine runs exactly while the dialog is open (issue 23)
  expect(snapshot.children.callback !== undefined).toBe(snapshot.matches({ ready: { callback: 'running' } }))
  if (snapshot.matches('loading')) expect(data).toBeNull()
  if (snapshot.matches('failed')) expect([data, errorMessage]).toEqual([null, NETWORK_ERROR_MESSAGE])
  if (!snapshot.matches('ready')) return
  const loadedAccount = isBasketClosedFor(data ?? null) ? basketClosed.initData.account : initData.account
  // the loaded account, or (after the profile saved it) the same account with the new name and phone
  expect([loadedAccount, { ...loadedAccount, name: renamed.name, phone: renamed.phone }]).toContainEqual(data?.account)
  // a closed basket never loads nor runs (issue 21, item 12)
  if (isBasketClosedFor(data ?? null)) {
    expect(snapshot.matches({ ready: { basket: 'closed' } })).toBe(true)
    expect(snapshot.children.basket).toBeUndefined()
  }
  // the stored warehouse at first; later only ever a listed one
  if (!before?.matches('ready')) expect(selectedWarehouse).toBe(2)
  expect(initData.warehouses.map((warehouse) => warehouse.id)).toContain(selectedWarehouse)
  if (snapshot.matches({ ready: { contract: 'idle' } })) expect([pendingContract, errorMessage]).toEqual([null, null])
  if (snapshot.matches({ ready: { contract: 'switchingContract' } })) {
    // the selector shows the old contract until the server confirms the new one
    expect(pendingContract).toBe(consignment.id)
    expect(data?.selectedContract).toBe(supply.id)
  }
  if (snapshot.matches({ ready: { contract: 'contractSwitchFailed' } })) {
    expect(errorMessage).toBe(SWITCH_REFUSED)
    expect(data?.selectedContract).toBe(supply.id)
  }
  if (before?.matches({ ready: { contract: 'switchingContract' } }) && snapshot.matches({ ready: { contract: 'idle' } })) {
    // the switch went through: the new contract is selected and the header shows its basket
    expect(data).toMatchObject(switched)
  }
}

describeMachinePaths(shellMachine, { cases, assertStep: assertShellFacts, expectFullCoverage: false, report: false, limit: LIMIT })

// a manager whose basket is closed: the same walk from that init data reaches the closed basket, and the file's coverage is whole
describeMachinePaths(shellMachine, {
  cases: { ...cases, 'xstate.done.actor.loadInitData': [{ type: 'xstate.done.actor.loadInitData', output: basketClosed }] },
  assertStep: assertShellFacts,
  limit: LIMIT,
})

it("never switches to a contract that is not the dealer's", async () => {
  const shell = createActor(shellMachine.provide({ actors: { loadInitData: fromPromise(() => Promise.resolve(loaded)) } }), { input: {} }).start()
  await waitFor(shell, (snapshot) => snapshot.matches('ready'))
  shell.send({ type: 'contract.select', id: '999' })
  expect(shell.getSnapshot().matches({ ready: { contract: 'idle' } })).toBe(true)
  expect(shell.getSnapshot().context.pendingContract).toBeNull()
  shell.stop()
})

it('remembers a warehouse the dealer picks, and only a listed one', async () => {
  const persisted: number[] = []
  const shell = createActor(
    shellMachine.provide({
      actors: { loadInitData: fromPromise<ShellLoadOutput>(() => Promise.resolve({ initData, storedWarehouse: null })) },
      actions: { persistWarehouse: (_, { id }) => void persisted.push(id) },
    }),
    { input: {} },
  ).start()
  await waitFor(shell, (snapshot) => snapshot.matches('ready'))
  expect(shell.getSnapshot().context.selectedWarehouse).toBe(1)
  shell.send({ type: 'warehouse.select', id: 9 })
  shell.send({ type: 'warehouse.select', id: 2 })
  shell.send({ type: 'warehouse.select', id: 2 })
  expect(shell.getSnapshot().context.selectedWarehouse).toBe(2)
  expect(persisted).toEqual([2])
  shell.stop()
})

it("follows a change of the selected contract's basket and ignores another contract's", async () => {
  const shell = createActor(shellMachine.provide({ actors: { loadInitData: fromPromise(() => Promise.resolve(loaded)) } }), { input: {} }).start()
  await waitFor(shell, (snapshot) => snapshot.matches('ready'))
  shell.send({ type: 'basket.changed', basket: { count: 7, sum: 1_000 }, contract: consignment.id })
  expect(shell.getSnapshot().context.initData?.basket).toEqual(initData.basket)
  shell.send({ type: 'basket.changed', basket: { count: 4, sum: 9_100 }, contract: supply.id })
  expect(shell.getSnapshot().context.initData?.basket).toEqual({ count: 4, sum: 9_100 })
  shell.send({ type: 'basket.changed', basket: { count: 1, sum: 2_300 } })
  expect(shell.getSnapshot().context.initData?.basket).toEqual({ count: 1, sum: 2_300 })
  shell.stop()
})

describe('the basket child, whose code loads apart from the first load', () => {
  /** stands in for the basket machine: its contract, and the contracts the shell passed on to it */
  const fakeBasket = setup({
    types: {} as {
      context: { contract: string; switchedTo: string[] }
      input: { contract: string }
      events: { type: 'basket.contract'; contract: string } | { type: 'basket.stale' }
    },
  }).createMachine({
    context: ({ input }) => ({ contract: input.contract, switchedTo: [] }),
    on: { 'basket.contract': { actions: assign({ switchedTo: ({ context, event }) => [...context.switchedTo, event.contract] }) } },
  })

  function startShell() {
    const code = deferred<void>()
    const shell = createActor(
      shellMachine.provide({
        actors: {
          loadInitData: fromPromise(() => Promise.resolve(loaded)),
          setContract: fromPromise(() => Promise.resolve(switched)),
          loadBasketCode: fromPromise(() => code.promise),
          basket: fakeBasket as never,
        },
      }),
      { input: {} },
    ).start()
    const basket = () => shell.getSnapshot().children.basket?.getSnapshot() as { context: { contract: string; switchedTo: string[] } } | undefined
    return { shell, code, basket }
  }

  it('shows the frame before the code is there, keeps the header following changes, and starts for the contract selected by then', async () => {
    const { shell, code, basket } = startShell()
    await waitFor(shell, (snapshot) => snapshot.matches({ ready: { basket: 'loadingCode' } }))
    expect(basket()).toBeUndefined()
    shell.send({ type: 'basket.changed', basket: { count: 4, sum: 9_100 } })
    expect(shell.getSnapshot().context.initData?.basket).toEqual({ count: 4, sum: 9_100 })
    shell.send({ type: 'contract.select', id: consignment.id })
    await waitFor(shell, (snapshot) => snapshot.matches({ ready: { contract: 'idle' } }))
    code.resolve()
    await waitFor(shell, (snapshot) => snapshot.matches({ ready: { basket: 'running' } }))
    expect(basket()?.context).toEqual({ contract: consignment.id, switchedTo: [] })
    shell.stop()
  })

  it('passes a later contract switch on to the running basket', async () => {
    const { shell, code, basket } = startShell()
    code.resolve()
    await waitFor(shell, (snapshot) => snapshot.matches({ ready: { basket: 'running' } }))
    const child = shell.getSnapshot().children.basket!
    shell.send({ type: 'contract.select', id: consignment.id })
    await waitFor(child, (snapshot) => (snapshot.context as unknown as { switchedTo: string[] }).switchedTo.length === 1)
    expect(basket()?.context).toEqual({ contract: supply.id, switchedTo: [consignment.id] })
    shell.stop()
  })

  it('tries the code again on the next contract switch when it did not load', async () => {
    const { shell, code } = startShell()
    code.reject(new Error('Failed to fetch dynamically imported module'))
    await waitFor(shell, (snapshot) => snapshot.matches({ ready: { basket: 'codeFailed' } }))
    shell.send({ type: 'contract.select', id: consignment.id })
    await waitFor(shell, (snapshot) => snapshot.matches({ ready: { basket: 'loadingCode' } }))
    shell.stop()
  })
})

describe('pickWarehouse', () => {
  const warehouses = initData.warehouses
  it('takes the stored choice while it is still listed', () => {
    expect(pickWarehouse(warehouses, 2)).toBe(2)
  })
  it('falls back to warehouse 1 when the stored one is gone or nothing is stored', () => {
    expect(pickWarehouse(warehouses, 5)).toBe(1)
    expect(pickWarehouse(warehouses, null)).toBe(1)
  })
  it('takes the first listed warehouse when warehouse 1 is not listed', () => {
    expect(
      pickWarehouse(
        [
          { id: 4, header: 'Склад Колпино' },
          { id: 2, header: 'Склад Шушары' },
        ],
        null,
      ),
    ).toBe(4)
  })
  it('keeps warehouse 1 when no warehouse is listed at all', () => {
    expect(pickWarehouse([], 3)).toBe(1)
  })
})

it("shows the name the profile saved in the header, and ignores an account that is not the session's", async () => {
  const shell = createActor(shellMachine.provide({ actors: { loadInitData: fromPromise(() => Promise.resolve(loaded)) } }), { input: {} }).start()
  await waitFor(shell, (snapshot) => snapshot.matches('ready'))
  shell.send({ type: 'account.changed', account: { ...renamed, id: 99, name: 'Чужой' } })
  expect(shell.getSnapshot().context.initData?.account).toEqual(initData.account)
  shell.send({ type: 'account.changed', account: renamed })
  expect(shell.getSnapshot().context.initData?.account).toEqual(renamed)
  shell.stop()
})

it('hands the inbox answer it loaded beside the init data to the inbox child, so the top news paints with the frame', async () => {
  const first: InboxResponse = { unread: { chat: 1, notifications: 0 }, topNews: { id: 7, header: 'Новые условия доставки', text: 'Бесплатно' } }
  const inboxInputs: unknown[] = []
  const shell = createActor(
    shellMachine.provide({
      actors: {
        loadInitData: fromPromise((): Promise<ShellLoadOutput> => Promise.resolve({ ...loaded, inbox: first })),
        setContract: fromPromise(() => Promise.resolve(switched)),
        loadBasketCode: fromPromise(() => new Promise<void>(() => {})),
        loadHeaderSearchCode: fromPromise(() => Promise.resolve()),
        inbox: fromPromise(({ input }) => {
          inboxInputs.push(input)
          return new Promise<void>(() => {})
        }) as never,
      },
    }),
    { input: {} },
  ).start()
  await waitFor(shell, (snapshot) => snapshot.matches({ ready: { search: 'running' } }))
  expect(shell.getSnapshot().context.firstInbox).toEqual(first)
  expect(inboxInputs).toEqual([{ first }])
  shell.stop()
})
