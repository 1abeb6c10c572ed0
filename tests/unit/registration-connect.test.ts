import { describe, expect, it } from 'vitest'
import type { Account } from '../../src/contract/account'
import type { BrandProductsPage } from '../../src/machines/brand-products.machine'
import { brandPageFromSnapshot, brandPageOf } from '../../src/machines/brand-products.selectors'
import { brandProductsMachine } from '../../src/machines/brand-products.machine'
import { profileMachine, type ProfileContext, type ProfileEvent } from '../../src/machines/profile.machine'
import { profileViewOf } from '../../src/machines/profile.selectors'
import { registrationMachine, type RegistrationContext, type RegistrationEvent } from '../../src/machines/registration.machine'
import { registrationPhaseOf } from '../../src/machines/registration.selectors'
import { connect as connectProfile } from '../../src/views/profile/profile-connect'
import { connect } from '../../src/views/registration/registration-connect'

const EMPTY = { company: '', inn: '', name: '', email: '', phone: '', password: '', captcha: '' }
const NO_ERRORS = { company: null, inn: null, name: null, email: null, phone: null, password: null, captcha: null }

function registrationAt(value: Parameters<typeof registrationMachine.resolveState>[0]['value'], patch: Partial<RegistrationContext> = {}) {
  const snapshot = registrationMachine.resolveState({
    value,
    context: { values: EMPTY, errors: NO_ERRORS, captchaTime: 1_700_000_000_000, message: null, ...patch },
  })
  const sent: RegistrationEvent[] = []
  return { snapshot, sent, api: connect(snapshot, (event) => sent.push(event)) }
}

describe('registration selectors and connect', () => {
  it('registrationPhaseOf names each state the form shows', () => {
    const phases = [{ filling: 'editing' }, 'submitting', { filling: 'failed' }, { filling: 'networkError' }, 'succeeded'].map((value) =>
      registrationPhaseOf(registrationAt(value).snapshot),
    )
    expect(phases).toEqual(['editing', 'submitting', 'failed', 'networkError', 'succeeded'])
  })

  it('a field: its value and message, read-only while sending, its change and blur', () => {
    const editing = registrationAt(
      { filling: 'editing' },
      { values: { ...EMPTY, inn: '12345' }, errors: { ...NO_ERRORS, inn: 'ИНН состоит из 10 или 12 цифр' } },
    )
    expect(editing.api.getFieldProps('inn')).toMatchObject({ name: 'inn', value: '12345', error: 'ИНН состоит из 10 или 12 цифр', isReadOnly: false })
    editing.api.getFieldProps('inn').onChange('7707083893')
    editing.api.getFieldProps('inn').onBlur()
    editing.api.submit()
    expect(editing.sent).toEqual([
      { type: 'registration.change', field: 'inn', value: '7707083893' },
      { type: 'registration.blur', field: 'inn' },
      { type: 'registration.submit' },
    ])
    const sending = registrationAt('submitting')
    expect(sending.api.getFieldProps('email').isReadOnly).toBe(true)
    expect(sending.api.getSubmitProps().isDisabled).toBe(true)
    expect(sending.api.getRefreshProps().isDisabled).toBe(true)
  })

  it('«Обновить картинку» sends no time: the machine asks its clock', () => {
    const { api, sent } = registrationAt({ filling: 'editing' })
    expect(api.captchaSrc).toBe('/registration/captcha?t=1700000000000')
    api.getRefreshProps().onPress()
    expect(sent).toEqual([{ type: 'registration.refreshCaptcha' }])
  })

  it('the red message shows for a refusal and no connection only; the congratulation replaces the form', () => {
    expect(registrationAt({ filling: 'failed' }, { message: 'Неверный код с картинки' }).api.alert).toBe('Неверный код с картинки')
    expect(registrationAt({ filling: 'networkError' }, { message: 'Нет связи с сервером' }).api.alert).toBe('Нет связи с сервером')
    expect(registrationAt({ filling: 'editing' }, { message: 'Неверный код с картинки' }).api.alert).toBeNull()
    expect(registrationAt({ filling: 'editing' }).api.success).toBeNull()
    expect(registrationAt('succeeded', { message: 'Поздравляем!' }).api).toMatchObject({ success: 'Поздравляем!', alert: null })
  })
})

describe('profile selectors and connect', () => {
  const ACCOUNT = {
    id: 3,
    name: 'Пётр Иванов',
    email: 'manager@stroymarket.example',
    phone: '',
    company: 'ООО «СтройМаркет»',
    inn: '7707083893',
    type_id: '2',
    contracts: [{ id: '1', header: 'Основной', contragent: 'ООО «СтройМаркет»' }],
    disabledMenus: ['orders'],
  } as unknown as Account
  const profileAt = (value: string, patch: Partial<ProfileContext> = {}) => {
    const snapshot = profileMachine.resolveState({
      value,
      context: {
        accountId: 3,
        account: null,
        errorMessage: null,
        details: { name: '', phone: '' },
        detailErrors: { name: null, phone: null },
        detailsMessage: null,
        ...patch,
      },
    })
    const sent: ProfileEvent[] = []
    return { snapshot, sent, api: connectProfile(snapshot, (event) => sent.push(event)) }
  }

  it('loading, the failure with «Повторить», the card', () => {
    expect(['loading', 'failed', 'loaded'].map((value) => profileViewOf(profileAt(value).snapshot))).toEqual(['loading', 'failed', 'loaded'])
    expect(profileAt('loading').api).toMatchObject({ view: 'loading', isBusy: true, card: null })
    const failed = profileAt('failed', { errorMessage: 'Нет связи' })
    expect(failed.api.getFailedProps()).toMatchObject({ title: 'Не удалось загрузить профиль', message: 'Нет связи' })
    failed.api.getFailedProps().onRetry()
    expect(failed.sent).toEqual([{ type: 'profile.retry' }])
  })

  it("a manager's card: the role's title, a dash for no phone, the closed sections by title; the main account has no such list", () => {
    const card = profileAt('loaded', { account: ACCOUNT }).api.card!
    expect(card.facts).toContainEqual({ title: 'Роль', value: 'Менеджер' })
    expect(card.facts).toContainEqual({ title: 'Телефон', value: '—' })
    expect(card.hiddenSections).toEqual([{ key: 'orders', title: 'Заказы' }])
    const main = profileAt('loaded', { account: { ...ACCOUNT, type_id: '1', phone: '+7 (912) 345-67-89' } }).api.card!
    expect(main.facts).toContainEqual({ title: 'Роль', value: 'Основной аккаунт' })
    expect(main.facts).toContainEqual({ title: 'Телефон', value: '+7 (912) 345-67-89' })
    expect(main.hiddenSections).toBeNull()
  })
})

describe('brand page selectors', () => {
  const page = (patch: Partial<BrandProductsPage>): BrandProductsPage =>
    ({ products: [], count: 0, pages: 1, brand: null, brands: [], ...patch }) as unknown as BrandProductsPage
  const BRANDS = [{ id: 4, header: 'Valtec', count: 12 }]

  it('the all-brands page is «Все бренды» with the brand list; a brand is its name once loaded, «Бренд» before', () => {
    expect(brandPageOf(0, null)).toEqual({ title: 'Все бренды', brands: null })
    expect(brandPageOf(0, page({ brands: BRANDS }))).toEqual({ title: 'Все бренды', brands: BRANDS })
    expect(brandPageOf(4, null)).toEqual({ title: 'Бренд', brands: null })
    expect(brandPageOf(4, page({ brand: { id: 4, header: 'Valtec' }, brands: BRANDS }))).toEqual({ title: 'Valtec', brands: null })
  })

  it('reads the same from the machine: the brand of its query and its last page', () => {
    const snapshot = brandProductsMachine.resolveState({
      value: 'loaded',
      context: { query: { brandId: 4, contract: '1', warehouse: 1 }, page: 1, result: page({ brand: { id: 4, header: 'Valtec' } }), errorMessage: null },
    })
    expect(brandPageFromSnapshot(snapshot)).toEqual({ title: 'Valtec', brands: null })
  })
})
