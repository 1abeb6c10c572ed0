import * as z from 'zod/mini'
import { accountResponseSchema } from '../../src/contract/account'
import { XLSX_CONTENT_TYPE } from '../../src/contract/acts'
import {
  addressPatchRequestSchema,
  addressRemovedResponseSchema,
  addressSaveRequestSchema,
  addressSavedResponseSchema,
  addressesQuerySchema,
  addressesResponseSchema,
} from '../../src/contract/addresses'
import { loginRequestSchema, logoutRequestSchema, sessionResponseSchema, sessionStateSchema } from '../../src/contract/auth'
import { callbackRequestSchema, callbackResponseSchema } from '../../src/contract/callback'
import { okSchema } from '../../src/contract/common'
import { complaintRequestSchema, complaintResponseSchema, complaintsQuerySchema, complaintsResponseSchema } from '../../src/contract/complaints'
import {
  consigneeFieldsSchema,
  consigneeIdSchema,
  consigneeRemovedResponseSchema,
  consigneeResponseSchema,
  consigneesResponseSchema,
} from '../../src/contract/consignees'
import {
  contragentFormSchema,
  contragentRemovedResponseSchema,
  contragentResponseSchema,
  contragentStateRequestSchema,
  contragentsResponseSchema,
} from '../../src/contract/contragents'
import {
  commandRunningResponseSchema,
  EXPORTER_FILE_URL,
  customerRequestSchema,
  exporterBrandsResponseSchema,
  reportExistsResponseSchema,
  runExporterRequestSchema,
  runExporterResponseSchema,
  saveBrandsRequestSchema,
  saveBrandsResponseSchema,
} from '../../src/contract/exporter'
import { genericResourceRequestSchema } from '../../src/contract/generic-resource'
import {
  chatMessagesQuerySchema,
  chatMessagesResponseSchema,
  chatPostSchema,
  chatSeenResponseSchema,
  chatSentResponseSchema,
  hideTopNewsRequestSchema,
  inboxResponseSchema,
  notificationsResponseSchema,
  updateNotifyStatusRequestSchema,
  updateNotifyStatusResponseSchema,
} from '../../src/contract/inbox'
import {
  accountIdRequestSchema,
  invitationRequestSchema,
  invitationResponseSchema,
  legacyAccountsSchema,
  managerChoicesRequestSchema,
  managerChoicesSchema,
  managerFormSchema,
  managerResponseSchema,
  managersResponseSchema,
} from '../../src/contract/managers'
import { pricePolicyRequestSchema, pricePolicyResponseSchema } from '../../src/contract/price-policy'
import { problemReportRequestSchema } from '../../src/contract/problem-report-request'
import { problemReportResponseSchema } from '../../src/contract/problem-report'
import {
  accountDetailsRequestSchema,
  accountDetailsResponseSchema,
  passwordChangeRequestSchema,
  passwordChangeResponseSchema,
} from '../../src/contract/profile'
import { registrationRequestSchema, registrationResponseSchema, reminderRequestSchema, reminderResponseSchema } from '../../src/contract/registration'
import { addressSuggestQuerySchema, nameSuggestQuerySchema, suggestionsResponseSchema } from '../../src/contract/suggestions'
import { operationsOf, type Operation } from './operation'

/** `{ result: 1 }`: the legacy calls' «done» */
const doneSchema = z.object({ result: z.literal(1) })

const session = operationsOf('Вход и регистрация')
const profile = operationsOf('Профиль')
const addresses = operationsOf('Адреса доставки')
const consignees = operationsOf('Грузополучатели')
const contragents = operationsOf('Контрагенты')
const managers = operationsOf('Менеджеры')
const inbox = operationsOf('Сообщения')
const exporter = operationsOf('Выгрузка')
const support = operationsOf('Обращения')

/** The legacy enable and disable of a manager: the same body and answer. */
const managerStateCall = { body: accountIdRequestSchema, answer: z.extend(managerResponseSchema, doneSchema.shape), errors: [404] }

/** The generic resource's POSTs, with and without an id: answered by the resource's own call. */
const genericCall = { body: genericResourceRequestSchema, answerNote: 'The answer of the resource’s own call', errors: [404] }

/** The managers' calls, under both addresses the spec names. */
const managerCalls = (prefix: string) => [
  managers.get(`${prefix}/:id/`, 'One manager', { answer: managerResponseSchema }),
  managers.put(`${prefix}/:id/`, 'Edit a manager', { body: managerFormSchema, answer: managerResponseSchema, errors: [409] }),
  managers.del(`${prefix}/:id/`, 'Delete a manager', { answer: doneSchema }),
]

/** The calls about the dealer's company and account (spec §7): sign-in, profile, addresses, people, messages, export, support. */
export const COMPANY_OPERATIONS: Operation[] = [
  session.post('/api/login/', 'Sign in: sets the session cookie', {
    body: loginRequestSchema,
    answer: sessionResponseSchema,
    errors: [401, 403, 429],
    isPublic: true,
  }),
  session.post('/api/logout/', 'Sign out', { body: logoutRequestSchema, answer: okSchema, isPublic: true }),
  session.get('/api/session/', 'The signed-in account, or null', { answer: sessionStateSchema, isPublic: true }),
  session.get('/registration/captcha', 'A captcha picture (sets its cookie)', { answerType: 'image/svg+xml', errors: [429], isPublic: true }),
  session.post('/registration/', 'Register a company', {
    body: registrationRequestSchema,
    answer: registrationResponseSchema,
    errors: [429],
    errorBody: registrationResponseSchema,
    isPublic: true,
  }),
  session.post('/reminder/', 'Send a password reminder', {
    body: reminderRequestSchema,
    answer: reminderResponseSchema,
    errors: [429],
    errorBody: reminderResponseSchema,
    isPublic: true,
  }),
  session.post('/api/invitation/', 'Accept a manager’s invitation: set the password', {
    body: invitationRequestSchema,
    answer: invitationResponseSchema,
    errors: [404, 409],
    isPublic: true,
  }),
  profile.get('/api/account/:id/', 'An account: one’s own, or a manager of one’s company', { answer: accountResponseSchema }),
  profile.put('/api/account/:id/', 'Edit one’s own name and phone', { body: accountDetailsRequestSchema, answer: accountDetailsResponseSchema }),
  profile.post('/api/profile/password/', 'Change one’s own password', {
    body: passwordChangeRequestSchema,
    answer: passwordChangeResponseSchema,
    errors: [429],
  }),
  addresses.get('/api/address/', 'The delivery addresses', { query: addressesQuerySchema, answer: addressesResponseSchema }),
  addresses.post('/api/address/', 'Add a delivery address', { body: addressSaveRequestSchema, answer: addressSavedResponseSchema }),
  addresses.get('/api/address/:id/', 'One delivery address', { answer: addressSavedResponseSchema }),
  addresses.put('/api/address/:id/', 'Replace a delivery address', { body: addressSaveRequestSchema, answer: addressSavedResponseSchema }),
  addresses.patch('/api/address/:id/', 'Change some fields of a delivery address', { body: addressPatchRequestSchema, answer: addressSavedResponseSchema }),
  addresses.del('/api/address/:id/', 'Delete a delivery address', { answer: addressRemovedResponseSchema }),
  addresses.get('/api/suggest/address/', 'Address suggestions', { query: addressSuggestQuerySchema, answer: suggestionsResponseSchema }),
  addresses.get('/api/suggest/name/', 'Name suggestions', { query: nameSuggestQuerySchema, answer: suggestionsResponseSchema }),
  consignees.get('/api/consignee/', 'The consignees', { answer: consigneesResponseSchema }),
  consignees.post('/api/consignee/', 'Add a consignee', { body: consigneeFieldsSchema, answer: consigneeResponseSchema }),
  consignees.get('/api/consignee/:id/', 'One consignee', { answer: consigneeResponseSchema }),
  consignees.put('/api/consignee/:id/', 'Edit a consignee', { body: consigneeFieldsSchema, answer: consigneeResponseSchema }),
  consignees.del('/api/consignee/', 'Delete a consignee', { query: consigneeIdSchema, answer: consigneeRemovedResponseSchema, errors: [404] }),
  consignees.get('/api/consignee/:id/file', 'A consignee’s attached scan', { answerType: 'image/*' }),
  consignees.post('/api/consigneeUpload/', 'Attach a scan to a consignee', {
    bodyType: 'multipart/form-data',
    answer: consigneeResponseSchema,
    errors: [404, 413, 415],
  }),
  contragents.get('/api/contragent/', 'The company’s contragents', { answer: contragentsResponseSchema }),
  contragents.post('/api/contragent/', 'Add a contragent', { body: contragentFormSchema, answer: contragentResponseSchema, errors: [409] }),
  contragents.get('/api/contragent/:id/', 'One contragent', { answer: contragentResponseSchema }),
  contragents.put('/api/contragent/:id/', 'Edit a contragent', { body: contragentFormSchema, answer: contragentResponseSchema, errors: [409] }),
  contragents.del('/api/contragent/:id/', 'Delete a contragent', { answer: contragentRemovedResponseSchema, errors: [409] }),
  contragents.post('/ajax/activateagent/', 'Enable a contragent', { body: contragentStateRequestSchema, answer: contragentResponseSchema, errors: [404] }),
  contragents.post('/ajax/deactivateagent/', 'Disable a contragent', { body: contragentStateRequestSchema, answer: contragentResponseSchema, errors: [404] }),
  managers.get('/api/managers/', 'The company’s managers', { answer: managersResponseSchema }),
  managers.post('/api/managers/', 'Add a manager and send the invitation', { body: managerFormSchema, answer: managerResponseSchema, errors: [409] }),
  ...managerCalls('/api/managers'),
  ...managerCalls('/api/manager'),
  managers.post('/api/getManagerContragentsContracts/', 'The contragents and contracts a manager may be given', {
    body: managerChoicesRequestSchema,
    answer: managerChoicesSchema,
    errors: [404],
  }),
  managers.get('/ajax/accounts/', 'The managers (legacy address)', { answer: legacyAccountsSchema }),
  managers.post('/ajax/activateaccount/', 'Enable a manager', managerStateCall),
  managers.post('/ajax/deactivateaccount/', 'Disable a manager', managerStateCall),
  managers.post('/ajax/deleteaccount/', 'Delete a manager (legacy address)', { body: accountIdRequestSchema, answer: doneSchema, errors: [404] }),
  managers.get('/api/pricepolitics/:id/', 'A contract’s price policy', { answer: pricePolicyResponseSchema }),
  managers.post('/api/pricepolitics/:id/', 'Set a contract’s price policy', { body: pricePolicyRequestSchema, answer: pricePolicyResponseSchema }),
  inbox.get('/api/chat/', 'The chat with the manager', { query: chatMessagesQuerySchema, answer: chatMessagesResponseSchema }),
  inbox.post('/api/chat/', 'Send a chat message, or mark messages seen', {
    body: chatPostSchema,
    answer: z.union([chatSentResponseSchema, chatSeenResponseSchema]),
  }),
  inbox.get('/api/inbox/', 'Unread counts and the top news', { answer: inboxResponseSchema }),
  inbox.post('/api/hidetopnews/', 'Hide a top news item', { body: hideTopNewsRequestSchema, answer: okSchema, errors: [404] }),
  inbox.get('/ajax/messages/', 'The notifications', { answer: notificationsResponseSchema }),
  inbox.post('/ajax/updatenotifystatus/', 'Mark a notification read or unread', {
    body: updateNotifyStatusRequestSchema,
    answer: updateNotifyStatusResponseSchema,
    errors: [404],
  }),
  exporter.get('/api/getBrandsForExporter/', 'The brands and the chosen ones for export', { answer: exporterBrandsResponseSchema }),
  exporter.post('/api/saveBrandsExporter/', 'Save the chosen brands', { body: saveBrandsRequestSchema, answer: saveBrandsResponseSchema }),
  exporter.post('/api/runExporter/', 'Start an export of the catalogue', {
    body: runExporterRequestSchema,
    answer: runExporterResponseSchema,
    errors: [409],
  }),
  exporter.post('/api/isCommandRunning/', 'Is an export running', { body: customerRequestSchema, answer: commandRunningResponseSchema }),
  exporter.post('/api/isXlsxReportExists/', 'Is an export file ready', { body: customerRequestSchema, answer: reportExistsResponseSchema }),
  exporter.get(EXPORTER_FILE_URL, 'The ready export as an XLSX file', { answerType: XLSX_CONTENT_TYPE, errors: [404] }),
  support.get('/api/complaints/', 'The company’s complaints', { query: complaintsQuerySchema, answer: complaintsResponseSchema }),
  support.post('/api/complaints/', 'File a complaint', { body: complaintRequestSchema, answer: complaintResponseSchema, errors: [404] }),
  support.post('/api/callback/', 'Ask for a call back', {
    body: callbackRequestSchema,
    answer: callbackResponseSchema,
    errors: [429],
    errorBody: callbackResponseSchema,
  }),
  support.post('/api/problem-reports/', 'Send a problem report with the journal', {
    body: problemReportRequestSchema,
    answer: problemReportResponseSchema,
    errors: [413, 429],
  }),
  support.post('/api/:resource/', 'Generic call: `method` put/update/del runs the resource’s own PUT/PATCH/DELETE', genericCall),
  support.post('/api/:resource/:id/', 'Generic call on one item: `method` put/update/del runs its own PUT/PATCH/DELETE', genericCall),
]
