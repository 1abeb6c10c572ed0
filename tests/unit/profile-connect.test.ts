import { describe, expect, it } from 'vitest'
import type { Account } from '../../src/contract/account'
import { PROFILE_TEXTS } from '../../src/contract/profile'
import { passwordChangeMachine, type PasswordChangeContext, type PasswordChangeEvent } from '../../src/machines/password-change.machine'
import { profileMachine, type ProfileContext, type ProfileEvent } from '../../src/machines/profile.machine'
import { detailsViewOf, passwordChangeViewOf } from '../../src/machines/profile.selectors'
import { connect, connectPasswordChange } from '../../src/views/profile/profile-connect'

const ACCOUNT: Account = {
  id: 3,
  name: 'Пётр Иванов',
  email: 'dealer@stroymarket.example',
  phone: '+7 (495) 214-37-80',
  company: 'ООО «СтройМаркет»',
  inn: '7701234567',
  type_id: '1',
  contracts: [],
  disabledMenus: [],
}

const profileAt = (value: unknown, patch: Partial<ProfileContext> = {}) => {
  const context: ProfileContext = {
    accountId: 3,
    account: ACCOUNT,
    errorMessage: null,
    details: { name: ACCOUNT.name, phone: ACCOUNT.phone },
    detailErrors: { name: null, phone: null },
    detailsMessage: null,
    ...patch,
  }
  const snapshot = profileMachine.resolveState({ value: value as never, context })
  const sent: ProfileEvent[] = []
  return { snapshot, sent, api: connect(snapshot, (event) => sent.push(event)) }
}

const passwordAt = (value: unknown, patch: Partial<PasswordChangeContext> = {}) => {
  const context: PasswordChangeContext = {
    values: { currentPassword: '', newPassword: '', repeatPassword: '' },
    errors: { currentPassword: null, newPassword: null, repeatPassword: null },
    message: null,
    ...patch,
  }
  const snapshot = passwordChangeMachine.resolveState({ value: value as never, context })
  const sent: PasswordChangeEvent[] = []
  return { snapshot, sent, api: connectPasswordChange(snapshot, (event) => sent.push(event)) }
}

describe('«Личные данные»', () => {
  it('reads editing, saving, the failure and «Данные сохранены» from the state', () => {
    expect(detailsViewOf(profileAt({ loaded: { details: 'editing' } }).snapshot)).toBe('editing')
    expect(detailsViewOf(profileAt({ loaded: 'saving' }).snapshot)).toBe('saving')
    expect(profileAt({ loaded: { details: 'saved' } }).api.details).toMatchObject({ saved: PROFILE_TEXTS.saved, alert: null })
    expect(profileAt({ loaded: { details: 'failed' } }, { detailsMessage: 'Нет связи' }).api.details).toMatchObject({ saved: null, alert: 'Нет связи' })
    expect(profileAt({ loaded: { details: 'editing' } }, { detailsMessage: 'Нет связи' }).api.details?.alert).toBeNull()
  })

  it('makes the fields read-only and the button disabled while saving, and sends named events', () => {
    const saving = profileAt({ loaded: 'saving' }).api.details!
    expect(saving.getFieldProps('name')).toMatchObject({ value: ACCOUNT.name, isReadOnly: true })
    expect(saving.getSubmitProps().isDisabled).toBe(true)
    const { api, sent } = profileAt({ loaded: { details: 'editing' } }, { detailErrors: { name: null, phone: 'Телефон в формате +7 (xxx) xxx-xx-xx' } })
    const phone = api.details!.getFieldProps('phone')
    expect(phone.error).toBe('Телефон в формате +7 (xxx) xxx-xx-xx')
    phone.onChange('+7 (912)')
    phone.onBlur()
    api.details!.submit()
    expect(sent).toEqual([
      { type: 'details.change', field: 'phone', value: '+7 (912)' },
      { type: 'details.blur', field: 'phone' },
      { type: 'details.submit' },
    ])
  })

  it('shows no forms before the account is loaded', () => {
    expect(profileAt('loading', { account: null }).api).toMatchObject({ details: null, passwordChange: null })
  })
})

describe('«Смена пароля»', () => {
  it('reads editing, changing, the refusal and the done message from the state', () => {
    expect(passwordChangeViewOf(passwordAt({ filling: 'editing' }).snapshot)).toBe('editing')
    expect(passwordAt('changing').api).toMatchObject({ done: null, alert: null })
    expect(passwordAt('changing').api.getSubmitProps().isDisabled).toBe(true)
    expect(passwordAt({ filling: 'failed' }, { message: PROFILE_TEXTS.wrongCurrentPassword }).api.alert).toBe(PROFILE_TEXTS.wrongCurrentPassword)
    expect(passwordAt({ filling: 'changed' }).api.done).toBe(PROFILE_TEXTS.passwordChanged)
  })

  it('sends named events from the fields and the button', () => {
    const { api, sent } = passwordAt({ filling: 'editing' })
    const field = api.getFieldProps('newPassword')
    field.onChange('secret-123')
    field.onBlur()
    api.submit()
    expect(sent).toEqual([
      { type: 'password.change', field: 'newPassword', value: 'secret-123' },
      { type: 'password.blur', field: 'newPassword' },
      { type: 'password.submit' },
    ])
  })
})
