import { describe, expect, it } from 'vitest'
import { NEVER } from 'rxjs'
import { createActor, fromEventObservable } from 'xstate'
import { actRequestMachine, type ActRequestEvent } from '../../src/machines/act-request.machine'
import { actRequestStepOf } from '../../src/machines/act-request.selectors'
import { actsMachine, type ActsEvent } from '../../src/machines/acts.machine'
import { ApiCallError } from '../../src/services/http'
import { actRequestStateOf, actRowOf, actsStateOf, connect, connectActRequest } from '../../src/views/acts/acts-connect'
import { ACT, ACT_CONTRACTS, actsPage } from '../support/act-fixtures'
import { createFakeActors } from '../support/fake-actors'

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The real acts machine: its poll silent, the poll's events sent by the test, the request's call settled by it. */
function actsActor(page = 1) {
  const fake = createFakeActors({ requestAct: 'promise' })
  const actor = createActor(
    actsMachine.provide({
      actors: { pollActs: fromEventObservable(() => NEVER as never), actRequest: actRequestMachine.provide({ actors: fake.logic }) },
      actions: { notifyAddress: () => {} },
    }),
    { input: { page, today: '24.11.2026' } },
  ).start()
  const sent: ActsEvent[] = []
  const api = () => connect(actor.getSnapshot(), (event) => sent.push(event))
  return { actor, fake, sent, api, snapshot: () => actor.getSnapshot() }
}

describe('acts connect', () => {
  it('the body: first load, the list with «Всего: …», paused, a refresh failure over the list, empty, past the last page', () => {
    const run = actsActor()
    expect(run.api()).toMatchObject({ body: 'firstLoad', caption: 'Загрузка актов сверки…', isLoading: true })
    run.actor.send({ type: 'poll.data', data: actsPage([ACT], 3) })
    expect(run.api()).toMatchObject({
      body: 'list',
      caption: 'Всего: 3 акта. Список обновляется каждые 10 секунд.',
      content: 'table',
      acts: [ACT],
      pausedText: null,
      refreshFailed: null,
      page: 1,
      pages: 1,
    })
    run.actor.send({ type: 'poll.paused' })
    expect(run.api().pausedText).toBe('Обновление приостановлено, пока вкладка скрыта')
    run.actor.send({ type: 'poll.failed', message: 'Ошибка сервера (503)', retryInMs: 20_000 })
    const refresh = run.api().refreshFailed
    expect(refresh).toMatchObject({ title: 'Список не обновлён', message: 'Ошибка сервера (503)' })
    refresh?.onRetry()
    expect(run.sent).toEqual([{ type: 'list.retry' }])
    run.actor.send({ type: 'poll.data', data: actsPage([]) })
    expect(run.api()).toMatchObject({ content: 'empty', caption: 'Всего: 0 актов. Список обновляется каждые 10 секунд.' })
    const past = actsActor(4)
    past.actor.send({ type: 'poll.data', data: actsPage([], 25, 4) })
    expect(past.api()).toMatchObject({ content: 'pastLastPage', page: 4, pages: 2 })
  })

  it('a first load that fails shows the error block with «Повторить»', () => {
    const run = actsActor()
    run.actor.send({ type: 'poll.failed', message: 'Ошибка сервера (503)', retryInMs: 20_000 })
    expect(run.api().body).toBe('failed')
    expect(run.api().getRetryProps()).toMatchObject({ title: 'Не удалось загрузить акты сверки', message: 'Ошибка сервера (503)' })
  })

  it('a refusal (403 «Нет доступа» for a contract no longer allowed) shows its message with «Повторить», first or over the last list', () => {
    const first = actsActor()
    first.actor.send({ type: 'poll.failed', message: 'Нет доступа', retryInMs: 20_000, status: 403 })
    expect(first.api().body).toBe('failed')
    expect(first.api().getRetryProps()).toMatchObject({ title: 'Не удалось загрузить акты сверки', message: 'Нет доступа' })
    const over = actsActor()
    over.actor.send({ type: 'poll.data', data: actsPage([ACT]) })
    over.actor.send({ type: 'poll.failed', message: 'Нет доступа', retryInMs: 20_000, status: 403 })
    expect(over.api()).toMatchObject({ body: 'list', acts: [ACT], refreshFailed: { title: 'Список не обновлён', message: 'Нет доступа' } })
    over.api().refreshFailed?.onRetry()
    expect(over.sent).toEqual([{ type: 'list.retry' }])
  })

  it('«Запросить акт сверки» waits for the contracts; the open request, its close, and the notice after it', async () => {
    const run = actsActor()
    expect(run.api().getRequestButtonProps().isDisabled).toBe(true)
    run.actor.send({ type: 'poll.data', data: actsPage([ACT]) })
    const ready = run.api()
    expect(ready.getRequestButtonProps().isDisabled).toBe(false)
    expect(ready.request).toBeNull()
    expect(ready.notice).toBeNull()
    ready.getRequestButtonProps().onPress()
    ready.closeRequest()
    expect(run.sent).toEqual([{ type: 'request.open' }, { type: 'request.close' }])
    run.actor.send({ type: 'request.open' })
    const open = run.api()
    expect(open.getRequestButtonProps().isDisabled).toBe(true)
    open.request?.send({ type: 'form.submit' })
    run.fake.current('requestAct').done({ ...ACT, id: 8 })
    await flush()
    const notice = run.api().notice
    expect(notice?.text).toBe('Акт сверки № 8 запрошен: 24.10.2026–24.11.2026. Когда файл сформируется, статус сменится на «Готов».')
    notice?.onClose()
    expect(run.sent.at(-1)).toEqual({ type: 'notice.close' })
  })

  it('the filter: its choices, edits and «Показать»; the period’s error under «Запрошены с»', () => {
    const run = actsActor()
    run.actor.send({ type: 'poll.data', data: actsPage([ACT]) })
    const filter = run.api().filter
    expect(filter.getContractProps().options[0]).toEqual({ value: '0', label: 'Все договоры' })
    expect(filter.getContractProps().options).toHaveLength(4)
    expect(filter.getContragentProps().options).toEqual([
      { value: '0', label: 'Все контрагенты' },
      { value: '1', label: 'ООО «СтройМаркет-Снаб»' },
      { value: '2', label: 'ИП Кузнецов Андрей Викторович' },
    ])
    expect(filter.getStartDateProps()).toMatchObject({ label: 'Запрошены с', error: null })
    filter.getContragentProps().onChange('2')
    filter.getEndDateProps().onChange('01.01.2020')
    let prevented = false
    filter.getFormProps().onSubmit({ preventDefault: () => void (prevented = true) })
    expect(prevented).toBe(true)
    expect(run.sent).toEqual([
      { type: 'filter.edit', field: 'contragent', value: '2' },
      { type: 'filter.edit', field: 'endDate', value: '01.01.2020' },
      { type: 'filter.apply' },
    ])
    run.actor.send({ type: 'filter.edit', field: 'endDate', value: '01.01.2020' })
    run.actor.send({ type: 'filter.apply' })
    expect(run.api().filter.getStartDateProps().error).toEqual(expect.any(String))
  })

  it('a row: its period, state and tone, and the file link only when ready', () => {
    expect(actRowOf(ACT)).toMatchObject({ label: 'Акт № 7', period: '24.10.2026 – 24.11.2026', stateLabel: 'Формируется', tone: 'working', file: null })
    expect(actRowOf({ ...ACT, state: 'ready' })).toMatchObject({
      stateLabel: 'Готов',
      tone: 'ready',
      file: { href: '/api/act/7/file', 'aria-label': 'Скачать акт № 7 (XLSX)' },
    })
    expect(actRowOf({ ...ACT, state: 'failed' }).tone).toBe('failed')
  })

  it('the state it reads compares shallowly: equal for the same snapshot', () => {
    const run = actsActor()
    run.actor.send({ type: 'poll.data', data: actsPage([ACT]) })
    const first = actsStateOf(run.snapshot())
    const second = actsStateOf(run.snapshot())
    for (const key of Object.keys(first) as (keyof typeof first)[]) expect(second[key]).toBe(first[key])
  })
})

describe('act request', () => {
  const requestActor = () => {
    const fake = createFakeActors({ requestAct: 'promise' })
    const actor = createActor(actRequestMachine.provide({ actors: fake.logic }), {
      input: { contracts: ACT_CONTRACTS, contract: '0', today: '24.11.2026' },
    }).start()
    const sent: ActRequestEvent[] = []
    return { actor, fake, sent, api: () => connectActRequest(actRequestStateOf(actor.getSnapshot()), (event) => sent.push(event)) }
  }

  it('the choices: contragents once each, the contracts; edits send field.change and «Запросить» form.submit', () => {
    const run = requestActor()
    expect(actRequestStepOf(run.actor.getSnapshot())).toBe('editing')
    const api = run.api()
    expect(api.getContragentProps().options).toEqual([
      { value: '1', label: 'ООО «СтройМаркет-Снаб»' },
      { value: '2', label: 'ИП Кузнецов Андрей Викторович' },
    ])
    expect(api.getContractProps().options.map((option) => option.value)).toEqual(['1', '2', '3'])
    expect(api).toMatchObject({ isSending: false, isDismissable: true, submitLabel: 'Запросить', error: null })
    api.getContractProps().onChange('3')
    api.getStartDateProps().onChange('01.11.2026')
    api.submit()
    expect(run.sent).toEqual([
      { type: 'field.change', field: 'contract_id', value: '3' },
      { type: 'field.change', field: 'startdate', value: '01.11.2026' },
      { type: 'form.submit' },
    ])
  })

  it('its own check’s message is the form’s; while sending everything waits; the server’s refusal is the server’s', async () => {
    const run = requestActor()
    run.actor.send({ type: 'field.change', field: 'startdate', value: '24.11.2026' })
    run.actor.send({ type: 'form.submit' })
    expect(actRequestStepOf(run.actor.getSnapshot())).toBe('invalid')
    expect(run.api().error).toEqual({
      kind: 'form',
      text: 'Ошибка во временных периодах: дата начала периода больше или равна дате конца периода',
    })
    run.actor.send({ type: 'field.change', field: 'startdate', value: '01.11.2026' })
    run.actor.send({ type: 'form.submit' })
    expect(actRequestStepOf(run.actor.getSnapshot())).toBe('submitting')
    const sending = run.api()
    expect(sending).toMatchObject({ isSending: true, isDismissable: false, submitLabel: 'Отправка…' })
    expect(sending.getContractProps().disabled).toBe(true)
    expect(sending.getEndDateProps().disabled).toBe(true)
    run.fake.current('requestAct').fail(new ApiCallError('Договор не найден', 404))
    await flush()
    expect(actRequestStepOf(run.actor.getSnapshot())).toBe('failed')
    expect(run.api().error).toEqual({ kind: 'server', text: 'Договор не найден' })
  })
})
