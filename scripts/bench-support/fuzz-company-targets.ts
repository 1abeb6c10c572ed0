/**
 * The fuzz targets of the company's own records and of the dealer's messages to the supplier:
 * addresses, contragents, consignees, managers and their price policies, the profile, the
 * invitation, the chat and notifications, complaints, the callback, problem reports and the
 * exporter. The fuzz test signs in as the first demo company's main account (user 1, contragents
 * 1–2, contracts 1–3, addresses and consignees 1–3, manager 2); the second company's rows
 * (user 3, manager 4, contragent 3, contract 4, address and consignee 4) are the foreign ids.
 */
import { addressPatchRequestSchema, addressSaveRequestSchema } from '../../src/contract/addresses'
import { callbackRequestSchema } from '../../src/contract/callback'
import { complaintRequestSchema } from '../../src/contract/complaints'
import { consigneeFieldsSchema } from '../../src/contract/consignees'
import { contragentFormSchema, contragentStateRequestSchema } from '../../src/contract/contragents'
import { customerRequestSchema, runExporterRequestSchema, saveBrandsRequestSchema } from '../../src/contract/exporter'
import { chatPostSchema, hideTopNewsRequestSchema, updateNotifyStatusRequestSchema } from '../../src/contract/inbox'
import { innWithControlDigits } from '../../src/contract/inn'
import { accountIdRequestSchema, invitationRequestSchema, managerChoicesRequestSchema, managerFormSchema } from '../../src/contract/managers'
import { pricePolicyRequestSchema } from '../../src/contract/price-policy'
import { problemReportRequestSchema } from '../../src/contract/problem-report-request'
import { accountDetailsRequestSchema, passwordChangeRequestSchema } from '../../src/contract/profile'
import { DEMO_PASSWORD } from '../../server/db/seed'
import { orDefaults, type IdTarget, type Target } from './fuzz-target'

const ADDRESS = { own: '1', foreign: '4' }
const CONTRAGENT = { own: '1', foreign: '3' }
const CONSIGNEE = { own: '1', foreign: '4' }
const MANAGER = { own: '2', foreign: '4' }
const ACCOUNT = { own: '1', foreign: '3' }
const FOREIGN_CUSTOMER = 2

const address = { full_address: 'г. Москва, ул. Тверская, д. 1', postindex: '125009' }
const contragent = { company: 'ООО «Вектор»', inn: innWithControlDigits('770708389'), kpp: '' }
const consignee = { surname: 'Сидоров', name: 'Павел' }
const manager = { email: 'new.manager@example.com', name: 'Орлова Ирина', contractSelect: ['1'], disabledMenus: [] }
const managerTexts = ['email', 'name']

export const COMPANY_TARGETS: Target[] = [
  { url: '/api/address/', schema: addressSaveRequestSchema, valid: address, signedIn: true, texts: ['full_address', 'postindex'] },
  { method: 'PUT', url: '/api/address/:id/', ids: ADDRESS, schema: addressSaveRequestSchema, valid: address, signedIn: true, texts: ['full_address'] },
  {
    method: 'PATCH',
    url: '/api/address/:id/',
    ids: ADDRESS,
    schema: orDefaults(addressPatchRequestSchema),
    valid: { postindex: '125009' },
    signedIn: true,
    texts: ['postindex'],
  },
  { url: '/api/contragent/', schema: contragentFormSchema, valid: contragent, signedIn: true, texts: ['company'] },
  { method: 'PUT', url: '/api/contragent/:id/', ids: CONTRAGENT, schema: contragentFormSchema, valid: contragent, signedIn: true, texts: ['company'] },
  ...['/ajax/activateagent/', '/ajax/deactivateagent/'].map((url): Target => ({
    url,
    schema: contragentStateRequestSchema,
    valid: { id: 1 },
    signedIn: true,
    foreign: [{ id: CONTRAGENT.foreign }],
  })),
  { url: '/api/consignee/', schema: consigneeFieldsSchema, valid: consignee, signedIn: true, texts: ['surname', 'name'] },
  { method: 'PUT', url: '/api/consignee/:id/', ids: CONSIGNEE, schema: consigneeFieldsSchema, valid: consignee, signedIn: true, texts: ['name'] },
  {
    url: '/api/managers/',
    schema: managerFormSchema,
    valid: manager,
    signedIn: true,
    texts: managerTexts,
    // a contract of the other company is not the main account's to grant
    foreign: [{ ...manager, contractSelect: ['4'] }],
  },
  ...['/api/managers/:id/', '/api/manager/:id/'].map((url): Target => ({
    method: 'PUT',
    url,
    ids: MANAGER,
    schema: managerFormSchema,
    valid: manager,
    signedIn: true,
    texts: managerTexts,
  })),
  {
    url: '/api/getManagerContragentsContracts/',
    schema: managerChoicesRequestSchema,
    valid: { manager_id: Number(MANAGER.own) },
    signedIn: true,
    foreign: [{ manager_id: MANAGER.foreign }],
  },
  ...['/ajax/activateaccount/', '/ajax/deactivateaccount/', '/ajax/deleteaccount/'].map((url): Target => ({
    url,
    schema: accountIdRequestSchema,
    valid: { id: Number(MANAGER.own) },
    signedIn: true,
    foreign: [{ id: MANAGER.foreign }, { id: ACCOUNT.foreign }],
  })),
  {
    url: '/api/pricepolitics/:id/',
    ids: MANAGER,
    schema: pricePolicyRequestSchema,
    valid: { type: 'markup', markup: '12,5' },
    signedIn: true,
  },
  {
    method: 'PUT',
    url: '/api/account/:id/',
    ids: ACCOUNT,
    schema: accountDetailsRequestSchema,
    valid: { name: 'Кузнецов Андрей', phone: '+7 (495) 214-37-80' },
    signedIn: true,
    texts: ['name'],
  },
  {
    url: '/api/profile/password/',
    schema: passwordChangeRequestSchema,
    valid: { currentPassword: DEMO_PASSWORD, newPassword: 'another-password-7', repeatPassword: 'another-password-7' },
    signedIn: true,
  },
  {
    url: '/api/invitation/',
    schema: invitationRequestSchema,
    valid: { token: 'ab'.repeat(32), password: 'password123', password2: 'password123' },
    signedIn: false,
  },
  { url: '/api/chat/', schema: chatPostSchema, valid: { action: 'send', message: 'Добрый день! Когда будет отгрузка?' }, signedIn: true, texts: ['message'] },
  { url: '/api/hidetopnews/', schema: hideTopNewsRequestSchema, valid: { id: 1 }, signedIn: true },
  { url: '/ajax/updatenotifystatus/', schema: updateNotifyStatusRequestSchema, valid: { id: 1, state: 1 }, signedIn: true },
  {
    url: '/api/complaints/',
    schema: complaintRequestSchema,
    valid: { entries: [{ product_id: 1, quantity: '2' }], comment: 'Коробка пришла мятой' },
    signedIn: true,
    texts: ['comment'],
  },
  {
    url: '/api/callback/',
    schema: callbackRequestSchema,
    valid: { data: { phone: '+7 (903) 123-45-67', firstname: 'Иван' } },
    signedIn: true,
    texts: ['data.firstname'],
  },
  {
    url: '/api/problem-reports/',
    schema: problemReportRequestSchema,
    valid: {
      comment: 'Корзина не обновилась после добавления товара',
      journal: { format: 'cabinet-journal', version: 2, exportedAt: '2026-11-27T10:00:00.000Z', entries: [] },
    },
    signedIn: true,
    texts: ['comment'],
  },
  { url: '/api/saveBrandsExporter/', schema: saveBrandsRequestSchema, valid: { data: [3] }, signedIn: true },
  {
    url: '/api/runExporter/',
    schema: orDefaults(runExporterRequestSchema),
    valid: { customer_id: 1, data: [3] },
    signedIn: true,
    foreign: [{ customer_id: FOREIGN_CUSTOMER, data: [3] }],
  },
  ...['/api/isCommandRunning/', '/api/isXlsxReportExists/'].map((url): Target => ({
    url,
    schema: orDefaults(customerRequestSchema),
    valid: { customer_id: 1 },
    signedIn: true,
    foreign: [{ customer_id: FOREIGN_CUSTOMER }],
  })),
]

/** The removals: their only input is the id, so only spoiled ids and the other company's are sent. */
export const REMOVAL_TARGETS: IdTarget[] = [
  { method: 'DELETE', url: '/api/address/:id/', foreign: ADDRESS.foreign },
  { method: 'DELETE', url: '/api/contragent/:id/', foreign: CONTRAGENT.foreign },
  { method: 'DELETE', url: '/api/consignee/?id=:id', foreign: CONSIGNEE.foreign },
  { method: 'DELETE', url: '/api/managers/:id/', foreign: MANAGER.foreign },
  { method: 'DELETE', url: '/api/manager/:id/', foreign: MANAGER.foreign },
]
