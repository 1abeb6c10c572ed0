import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Contragent } from '../../src/contract/contragents'
import { INN_MESSAGES } from '../../src/contract/inn'
import { contragentFormMachine } from '../../src/machines/contragent-form.machine'
import { contragentsMachine } from '../../src/machines/contragents.machine'
import { connectContragentForm, connectContragents } from '../../src/views/contragents/contragents-connect'
import { IO_WAIT } from '../support/waits'

const ACTIVE: Contragent = { id: 4, company: 'ООО «СтройМаркет-Снаб»', inn: '7707083893', kpp: '770701001', is_new: false, state: 'active' }
const INACTIVE: Contragent = { ...ACTIVE, id: 5, company: 'ИП Кузнецов', inn: '500100732259', kpp: '', is_new: true, state: 'inactive' }

describe('the contragents view-model', () => {
  it('offers «Деактивировать» on an active row and «Активировать» on an inactive one, and the delete question names the contragent', async () => {
    const actor = createActor(
      contragentsMachine.provide({ actors: { loadContragents: fromPromise(() => Promise.resolve({ contragents: [ACTIVE, INACTIVE] })) } }),
    ).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true), IO_WAIT)
    const sent: unknown[] = []
    const api = connectContragents(actor.getSnapshot(), (event) => sent.push(event))
    expect(api.view).toBe('list')
    expect(api.caption).toBe('Всего: 2 контрагента')
    expect(api.getSwitchButtonProps(ACTIVE)).toMatchObject({ label: 'Деактивировать', 'aria-label': 'Деактивировать: ООО «СтройМаркет-Снаб»' })
    expect(api.getSwitchButtonProps(INACTIVE)).toMatchObject({ label: 'Активировать' })
    api.getSwitchButtonProps(INACTIVE).onPress()
    api.getRemoveButtonProps(ACTIVE).onPress()
    api.getEditButtonProps(INACTIVE).onPress()
    expect(api.getEditButtonProps(INACTIVE)).toMatchObject({ 'aria-label': 'Изменить: ИП Кузнецов', isDisabled: false })
    expect(sent).toEqual([
      { type: 'contragent.activate', contragent: INACTIVE },
      { type: 'contragent.remove', contragent: ACTIVE },
      { type: 'contragent.edit', contragent: INACTIVE },
    ])
    actor.send({ type: 'contragent.remove', contragent: ACTIVE })
    const asking = connectContragents(actor.getSnapshot(), () => undefined)
    expect(asking.dialog).toMatchObject({ kind: 'confirm', title: 'Удалить контрагента?', text: '«ООО «СтройМаркет-Снаб»», ИНН 7707083893' })
    expect(asking.getAddButtonProps().isDisabled).toBe(true)
    actor.stop()
  })

  it('the form shows the INN message once the field is left, and «Сохранение…» while it saves', () => {
    const actor = createActor(contragentFormMachine.provide({ actors: { saveContragent: fromPromise(() => new Promise<Contragent>(() => undefined)) } }), {
      input: { contragent: null },
    }).start()
    expect(connectContragentForm(actor.getSnapshot(), () => undefined).title).toBe('Новый контрагент')
    const send = (event: Parameters<typeof actor.send>[0]) => actor.send(event)
    connectContragentForm(actor.getSnapshot(), send).getFieldProps('inn').onChange('7707083894')
    expect(connectContragentForm(actor.getSnapshot(), send).getFieldProps('inn')).toMatchObject({ label: 'ИНН', value: '7707083894', error: null })
    connectContragentForm(actor.getSnapshot(), send).getFieldProps('inn').onBlur()
    expect(connectContragentForm(actor.getSnapshot(), send).getFieldProps('inn').error).toBe(INN_MESSAGES.checksum)
    const api = connectContragentForm(actor.getSnapshot(), send)
    api.getFieldProps('company').onChange('ООО «Альфа»')
    api.getFieldProps('inn').onChange('7707083893')
    api.submit()
    const saving = connectContragentForm(actor.getSnapshot(), send)
    expect(saving).toMatchObject({ isSaving: true, submitLabel: 'Сохранение…' })
    expect(saving.getFieldProps('kpp')).toMatchObject({ label: 'КПП', isRequired: false, isDisabled: true })
    actor.stop()
  })
})
