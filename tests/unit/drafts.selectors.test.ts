import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { Contract } from '../../src/contract/account'
import type { DraftListItem, DraftRepeatedResponse, DraftsResponse } from '../../src/contract/drafts'
import { DRAFTS_MESSAGES, draftsMachine, type DraftsEvent } from '../../src/machines/drafts.machine'
import { draftDialogStepOf, draftsViewOf, isDraftsBusyOf } from '../../src/machines/drafts.selectors'
import { ApiCallError } from '../../src/services/http'
import { connect, draftsStateOf } from '../../src/views/drafts/drafts-connect'
import { createFakeActors } from '../support/fake-actors'

const DRAFT: DraftListItem = { id: 5, header: 'Объект на Лесной', count: 3, qnt: 7, contract: '2', created_at: '2026-11-20T09:00:00.000Z' }
const pageOf = (drafts: DraftListItem[], count: number, page = 1): DraftsResponse => ({
  drafts,
  count,
  pagination: { page, perpage: 10, pages: Math.ceil(count / 10) },
})
const REFUSED = { id: 11, wms: 1, header: 'Перфоратор', articul: 'PF-800', requested: 4, available: 1 }
const ADDED: DraftRepeatedResponse = { count: 2, refused: [REFUSED], basket: { count: 3, sum: 4_500 } }
const NONE: DraftRepeatedResponse = { count: 0, refused: [], basket: { count: 0, sum: 0 } }
const CONTRACTS = [
  { id: '1', header: 'Основной' },
  { id: '2', header: 'Второй' },
] as Contract[]

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The real drafts machine, its calls settled by the test. */
function draftsActor(page = 1) {
  const fake = createFakeActors({ loadPage: 'promise', repeatDraft: 'promise', removeDraft: 'promise', loadBulkCode: 'promise' })
  const actor = createActor(draftsMachine.provide({ actors: fake.logic, actions: { notifyBasketChanged: () => {}, notifyAddress: () => {} } }), {
    input: { page },
  }).start()
  const sent: DraftsEvent[] = []
  const api = () => connect(actor.getSnapshot(), (event) => sent.push(event))
  return { actor, fake, sent, api, snapshot: () => actor.getSnapshot() }
}

async function loaded(response = pageOf([DRAFT], 12)) {
  const run = draftsActor()
  run.fake.current('loadPage').done(response)
  await flush()
  return run
}

describe('drafts selectors', () => {
  it('draftsViewOf follows the list states; the page is busy unless idle in the list', async () => {
    const run = draftsActor()
    expect(draftsViewOf(run.snapshot())).toBe('loading')
    expect(isDraftsBusyOf(run.snapshot())).toBe(true)
    run.fake.current('loadPage').fail(new ApiCallError('Ошибка сервера (503)', 503))
    await flush()
    expect(draftsViewOf(run.snapshot())).toBe('failed')
    const empty = await loaded(pageOf([], 0))
    expect(draftsViewOf(empty.snapshot())).toBe('empty')
    const list = await loaded()
    expect(draftsViewOf(list.snapshot())).toBe('loaded')
    expect(isDraftsBusyOf(list.snapshot())).toBe(false)
  })

  it('draftDialogStepOf names the dialog of each step of a removal and a repeat', async () => {
    const run = await loaded()
    expect(draftDialogStepOf(run.snapshot())).toBe('none')
    run.actor.send({ type: 'draft.remove', draft: DRAFT })
    expect(draftDialogStepOf(run.snapshot())).toBe('confirmingRemove')
    run.actor.send({ type: 'remove.confirm' })
    expect(draftDialogStepOf(run.snapshot())).toBe('removing')
    expect(isDraftsBusyOf(run.snapshot())).toBe(true)
    run.fake.current('removeDraft').fail(new ApiCallError('Черновик не найден', 404))
    await flush()
    expect(draftDialogStepOf(run.snapshot())).toBe('removeFailed')
    run.actor.send({ type: 'dialog.close' })
    run.actor.send({ type: 'draft.repeat', draft: DRAFT })
    run.fake.current('repeatDraft').done(ADDED)
    await flush()
    expect(draftDialogStepOf(run.snapshot())).toBe('added')
    run.actor.send({ type: 'dialog.close' })
    run.actor.send({ type: 'draft.repeat', draft: DRAFT })
    run.fake.current('repeatDraft').done(NONE)
    await flush()
    expect(draftDialogStepOf(run.snapshot())).toBe('noStock')
    run.actor.send({ type: 'dialog.close' })
    run.actor.send({ type: 'draft.repeat', draft: DRAFT })
    run.fake.current('repeatDraft').fail(new ApiCallError('Черновик не найден', 404))
    await flush()
    expect(draftDialogStepOf(run.snapshot())).toBe('repeatFailed')
  })
})

describe('drafts connect', () => {
  it('the body: first load, then the list with its total, the empty notice, or past the last page', async () => {
    expect(draftsActor().api().body).toBe('firstLoad')
    const list = await loaded()
    expect(list.api()).toMatchObject({ body: 'list', caption: 'Всего: 12 черновиков', page: 1, pages: 2, drafts: [DRAFT], isLoading: false })
    list.actor.send({ type: 'page.change', page: 2 })
    expect(list.api()).toMatchObject({ body: 'list', caption: 'Загрузка черновиков…', isLoading: true })
    expect((await loaded(pageOf([], 0))).api().body).toBe('empty')
    const past = draftsActor(5)
    past.fake.current('loadPage').done(pageOf([], 12, 5))
    await flush()
    expect(past.api()).toMatchObject({ body: 'pastLastPage', page: 5, pages: 2 })
  })

  it('a failed load offers a retry that sends list.retry', async () => {
    const run = draftsActor()
    run.fake.current('loadPage').fail(new ApiCallError('Ошибка сервера (503)', 503))
    await flush()
    const retry = run.api().getRetryProps()
    expect(retry).toMatchObject({ title: DRAFTS_MESSAGES.loadFailed, message: 'Ошибка сервера (503)' })
    retry.onRetry()
    expect(run.sent).toEqual([{ type: 'list.retry' }])
  })

  it('the row buttons name their draft, wait while busy, and send repeat or remove', async () => {
    const run = await loaded()
    const api = run.api()
    expect(api.getRepeatButtonProps(DRAFT)).toMatchObject({ isDisabled: false, 'aria-label': 'Повторить: Объект на Лесной' })
    expect(api.getRemoveButtonProps(DRAFT)).toMatchObject({ isDisabled: false, 'aria-label': 'Удалить: Объект на Лесной' })
    api.getRepeatButtonProps(DRAFT).onPress()
    api.getRemoveButtonProps(DRAFT).onPress()
    expect(run.sent).toEqual([
      { type: 'draft.repeat', draft: DRAFT },
      { type: 'draft.remove', draft: DRAFT },
    ])
    expect(api.contractNameOf(CONTRACTS, '2')).toBe('Второй')
    expect(api.contractNameOf(CONTRACTS, '9')).toBe('Договор № 9')
    run.actor.send({ type: 'draft.remove', draft: DRAFT })
    expect(run.api().getRepeatButtonProps(DRAFT).isDisabled).toBe(true)
  })

  it('the dialogs: the removal question, the repeat’s result with another contract, a failure', async () => {
    const run = await loaded()
    expect(run.api().dialog.kind).toBe('none')
    run.actor.send({ type: 'draft.remove', draft: DRAFT })
    const confirm = run.api().dialog
    expect(confirm).toMatchObject({ kind: 'confirm', title: 'Удалить черновик?', text: '«Объект на Лесной»', isBusy: false })
    if (confirm.kind === 'confirm') confirm.onCancel()
    expect(run.sent).toEqual([{ type: 'remove.cancel' }])
    run.actor.send({ type: 'remove.cancel' })
    run.actor.send({ type: 'draft.repeat', draft: DRAFT })
    run.fake.current('repeatDraft').done(ADDED)
    await flush()
    const added = run.api().dialog
    expect(added).toMatchObject({
      kind: 'repeated',
      title: DRAFTS_MESSAGES.addedTitle,
      text: 'Добавлено товаров - 2 шт.',
      toBasket: true,
      refused: [REFUSED],
    })
    if (added.kind !== 'repeated') throw new Error('expected the repeat dialog')
    expect(added.otherContractOf(CONTRACTS, '1')).toBe('Второй')
    expect(added.otherContractOf(CONTRACTS, '2')).toBeNull()
    added.onClose()
    expect(run.sent.at(-1)).toEqual({ type: 'dialog.close' })
    run.actor.send({ type: 'dialog.close' })
    run.actor.send({ type: 'draft.repeat', draft: DRAFT })
    run.fake.current('repeatDraft').fail(new ApiCallError('Черновик не найден', 404))
    await flush()
    expect(run.api().dialog).toMatchObject({ kind: 'failed', title: 'Черновик не повторён', text: 'Черновик не найден' })
  })

  it('the selection: the boxes name their draft; the bar counts and removes the checked; all waits while the bulk removal runs', async () => {
    const run = await loaded()
    expect(run.api().selection).toMatchObject({ hasSelection: false })
    expect(run.api().selection.getRowCheckboxProps(DRAFT.id)).toMatchObject({ 'aria-label': 'Выбрать: Объект на Лесной', checked: false, disabled: false })
    expect(run.api().selection.getSelectAllProps()).toMatchObject({ 'aria-label': 'Выбрать все черновики страницы', checked: false })
    run.api().selection.getRowCheckboxProps(DRAFT.id).onChange()
    expect(run.sent).toEqual([{ type: 'selection.toggle', id: DRAFT.id }])
    run.actor.send({ type: 'selection.toggle', id: DRAFT.id })
    const selection = run.api().selection
    expect(selection).toMatchObject({ hasSelection: true, text: 'Выбрано: 1' })
    expect(selection.actions).toMatchObject([{ kind: 'button', label: 'Удалить выбранные', isDisabled: false }])
    const [remove] = selection.actions
    if (remove?.kind === 'button') remove.onPress()
    expect(run.sent.at(-1)).toEqual({ type: 'selection.remove' })
    expect(run.api().bulkDialog).toBeNull()
    run.actor.send({ type: 'selection.remove' })
    // while the bulk removal's code loads, everything waits already
    expect(run.api().bulkDialog).toBeNull()
    expect(run.api().getRemoveButtonProps(DRAFT).isDisabled).toBe(true)
    expect(run.api().selection.getRowCheckboxProps(DRAFT.id).disabled).toBe(true)
    run.fake.current('loadBulkCode').done(undefined)
    await flush()
    expect(run.api().bulkDialog).not.toBeNull()
    expect(run.api().getRemoveButtonProps(DRAFT).isDisabled).toBe(true)
    expect(run.api().selection.getRowCheckboxProps(DRAFT.id).disabled).toBe(true)
  })

  it('the state it reads compares shallowly: equal for the same snapshot', async () => {
    const run = await loaded()
    const first = draftsStateOf(run.snapshot())
    const second = draftsStateOf(run.snapshot())
    for (const key of Object.keys(first) as (keyof typeof first)[]) expect(second[key]).toBe(first[key])
  })
})
