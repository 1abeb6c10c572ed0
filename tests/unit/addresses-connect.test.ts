import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { Address, AddressesResponse } from '../../src/contract/addresses'
import { addressFormMachine, type AddressFormEvent } from '../../src/machines/address-form.machine'
import { ADDRESSES_MESSAGES, addressesMachine, type AddressesEvent } from '../../src/machines/addresses.machine'
import { addressDialogStepOf, addressesViewOf, addressFormStepOf, isAddressesBusyOf } from '../../src/machines/addresses.selectors'
import { ApiCallError } from '../../src/services/http'
import { connectAddressForm } from '../../src/views/addresses/address-form-connect'
import { connectAddresses } from '../../src/views/addresses/addresses-connect'
import { createFakeActors } from '../support/fake-actors'

const ADDRESS: Address = { id: 5, full_address: 'г. Москва, ул. Ленинская Слобода, д. 19', postindex: '115280' }
const pageOf = (addresses: Address[], count: number, page = 1): AddressesResponse => ({
  addresses,
  count,
  pagination: { page, perpage: 20, pages: Math.ceil(count / 20) },
})
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function addressesActor() {
  const fake = createFakeActors({ loadPage: 'promise', removeAddress: 'promise', loadFormCode: 'promise', addressForm: 'promise' })
  const actor = createActor(addressesMachine.provide({ actors: fake.logic }), { input: { page: 1 } }).start()
  const sent: AddressesEvent[] = []
  const api = () => connectAddresses(actor.getSnapshot(), (event) => sent.push(event))
  return { actor, fake, sent, api }
}

describe('the addresses view-model', () => {
  it('the first load, the list with its count and the highlighted address', async () => {
    const run = addressesActor()
    expect(run.api().body).toBe('firstLoad')
    run.fake.current('loadPage').done(pageOf([ADDRESS], 3))
    await flush()
    const api = run.api()
    expect(api.body).toBe('list')
    expect(api.caption).toBe('Всего: 3 адреса')
    api.getEditButtonProps(ADDRESS).onPress()
    expect(run.sent).toEqual([{ type: 'address.edit', address: ADDRESS }])
    expect(api.getRemoveButtonProps(ADDRESS)['aria-label']).toBe(`Удалить: ${ADDRESS.full_address}`)
    expect(api.isSelected(ADDRESS)).toBe(false)
  })

  it('the empty notice, and «Удалить адрес?» with the full address', async () => {
    const empty = addressesActor()
    empty.fake.current('loadPage').done(pageOf([], 0))
    await flush()
    expect(empty.api().body).toBe('empty')
    expect(addressesViewOf(empty.actor.getSnapshot())).toBe('empty')
    expect(isAddressesBusyOf(empty.actor.getSnapshot())).toBe(false)

    const run = addressesActor()
    run.fake.current('loadPage').done(pageOf([ADDRESS], 1))
    await flush()
    run.actor.send({ type: 'address.remove', address: ADDRESS })
    expect(addressDialogStepOf(run.actor.getSnapshot())).toBe('confirmingRemove')
    expect(run.api().dialog).toMatchObject({ kind: 'confirm', title: ADDRESSES_MESSAGES.removeQuestion, text: ADDRESS.full_address, isBusy: false })
    expect(run.api().getAddButtonProps().isDisabled).toBe(true)
    run.actor.send({ type: 'remove.confirm' })
    run.fake.current('removeAddress').fail(new ApiCallError('Адрес не найден', 404))
    await flush()
    expect(run.api().dialog).toMatchObject({ kind: 'failed', title: ADDRESSES_MESSAGES.removeFailed, text: 'Адрес не найден' })
  })
})

describe('the address modal while its code loads', () => {
  it('a loader, the form once the code is there; a message with the way out when it did not come', async () => {
    const run = addressesActor()
    run.fake.current('loadPage').done(pageOf([ADDRESS], 1))
    await flush()
    run.actor.send({ type: 'address.add' })
    expect(addressFormStepOf(run.actor.getSnapshot())).toBe('loadingCode')
    expect(run.api().formDialog.kind).toBe('loading')
    run.fake.current('loadFormCode').done(undefined)
    await flush()
    expect(addressFormStepOf(run.actor.getSnapshot())).toBe('open')
    expect(run.api().formDialog).toMatchObject({ kind: 'open', form: run.actor.getSnapshot().children.addressForm })

    const failing = addressesActor()
    failing.fake.current('loadPage').done(pageOf([ADDRESS], 1))
    await flush()
    failing.actor.send({ type: 'address.edit', address: ADDRESS })
    failing.fake.current('loadFormCode').fail(new Error('Failed to fetch dynamically imported module'))
    await flush()
    const dialog = failing.api().formDialog
    expect(dialog.kind).toBe('failed')
    if (dialog.kind === 'failed') dialog.onClose()
    expect(failing.sent).toEqual([{ type: 'dialog.close' }])
    failing.actor.send({ type: 'dialog.close' })
    await flush()
    expect(failing.api().formDialog).toEqual({ kind: 'none' })
    expect(failing.actor.getSnapshot().context.editing).toBeNull()
  })
})

describe('the address modal view-model', () => {
  it('the combobox uses the arrows, Enter and Escape only while its list is open', () => {
    const actor = createActor(addressFormMachine, { input: { address: null } }).start()
    const sent: AddressFormEvent[] = []
    const api = () => connectAddressForm(actor.getSnapshot(), (event) => (sent.push(event), actor.send(event)))
    expect(api().handleKey('ArrowDown')).toBe(false)
    actor.send({ type: 'suggestions.found', suggestions: [{ value: 'г. Казань', postindex: '420000' }] })
    expect(api().isOpen).toBe(true)
    // Enter with nothing highlighted is the form's (it submits)
    expect(api().handleKey('Enter')).toBe(false)
    expect(api().handleKey('ArrowDown')).toBe(true)
    expect(api().highlighted).toBe(0)
    expect(api().handleKey('Enter')).toBe(true)
    expect(api().addressField.value).toBe('г. Казань')
    expect(api().postindexField.value).toBe('420000')
    expect(api().isOpen).toBe(false)
    expect(sent.map((event) => event.type)).toEqual(['list.move', 'list.pick'])
    actor.send({ type: 'suggestions.found', suggestions: [{ value: 'г. Казань' }] })
    expect(api().handleKey('Escape')).toBe(true)
    expect(api().isOpen).toBe(false)
  })

  it('the messages under the fields show only after «Сохранить»', () => {
    const actor = createActor(addressFormMachine, { input: { address: null } }).start()
    const api = () => connectAddressForm(actor.getSnapshot(), (event) => actor.send(event))
    expect(api().addressField.error).toBeNull()
    api().submit()
    expect(api().addressField.error).toBe('Это поле необходимо заполнить.')
    expect(api().title).toBe('Адрес доставки')
    expect(api().submitLabel).toBe('Сохранить')
  })
})
