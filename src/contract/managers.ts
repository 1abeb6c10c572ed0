import * as z from 'zod/mini'
import { idNumber } from './catalogue'
import { lineText, transformed } from './common'
import { ALWAYS_OPEN_KEY, MAIN_ACCOUNT_ONLY_KEYS, MENU, MENU_KEYS } from './menu'

/** Spec §3: a manager's type_id unless the form says otherwise. */
const MANAGER_TYPE_ID = '2'

export const MANAGER_MESSAGES = {
  /** spec §5, to the letter */
  noContract: 'Выберите договор',
  emailTaken: 'Этот Email уже занят',
  badEmail: 'Введите корректный e-mail',
  notFound: 'Менеджер не найден',
  mainAccountOnly: 'Менеджерами управляет только основная учётная запись',
  saved: 'Данные сохранены',
  unknownMenu: 'Неизвестный раздел меню',
} as const

export const INVITATION_MESSAGES = {
  passwordsDiffer: 'Пароли не совпадают',
  passwordTooShort: 'Пароль не короче 8 символов',
  invalid: 'Ссылка приглашения недействительна. Попросите основную учётную запись прислать новое приглашение.',
  used: 'Это приглашение уже использовано. Войдите с e-mail и паролем, которые вы задали.',
  expired: 'Срок действия приглашения истёк. Попросите основную учётную запись прислать новое приглашение.',
  done: 'Пароль сохранён. Теперь войдите с вашим e-mail и этим паролем.',
} as const

export const INVITATION_PATH = '/invitation/'
export const PASSWORD_MIN_LENGTH = 8

/** The keys a main account may close to a manager: the menu without the profile (never closed) and the main account's own sections. */
const GRANTABLE_MENU_KEYS = MENU_KEYS.filter((key) => key !== ALWAYS_OPEN_KEY && !MAIN_ACCOUNT_ONLY_KEYS.includes(key))

/** One manager as the list and the form see it. */
const managerSchema = z.object({
  id: z.int(),
  /** spec §3: '0' or '1' */
  enabled: z.enum(['0', '1']),
  type_id: z.string(),
  email: z.string(),
  name: z.string(),
  /** the contract ids the manager may use */
  contractSelect: z.array(z.string()),
  /** the contracts' headers, for the list */
  contracts: z.array(z.string()),
  disabledMenus: z.array(z.string()),
})
export type Manager = z.infer<typeof managerSchema>

export const managersResponseSchema = z.object({ managers: z.array(managerSchema) })
export const managerResponseSchema = z.object({ manager: managerSchema })

const menuKey = z.string().check(z.refine((key) => GRANTABLE_MENU_KEYS.includes(key), MANAGER_MESSAGES.unknownMenu))

/** The form's body for POST /api/managers/ and PUT /api/managers/{id}/. */
export const managerFormSchema = z.object({
  email: z.pipe(lineText().check(z.maxLength(254)), z.email(MANAGER_MESSAGES.badEmail)),
  name: z._default(lineText().check(z.maxLength(200)), ''),
  type_id: z._default(z.enum([MANAGER_TYPE_ID]), MANAGER_TYPE_ID),
  contractSelect: z.array(transformed(z.union([z.string(), z.number()]), String)).check(z.minLength(1, MANAGER_MESSAGES.noContract), z.maxLength(1000)),
  disabledMenus: z._default(z.array(menuKey).check(z.maxLength(100)), []),
})
type ManagerForm = z.input<typeof managerFormSchema>

/** What the form saves: a new manager (id null) or the manager of the id. */
export interface SaveManagerInput {
  id: number | null
  form: ManagerForm
}

/** POST /api/getManagerContragentsContracts {manager_id}: 0 or absent for a new manager. */
export const managerChoicesRequestSchema = z.object({ manager_id: z._default(z.union([idNumber, z.literal(0), z.literal('0')]), 0) })

const menuNodeSchema = z.object({
  key: z.string(),
  title: z.string(),
  children: z.array(z.object({ key: z.string(), title: z.string() })),
})
export type MenuNodeChoice = z.infer<typeof menuNodeSchema>

export const managerChoicesSchema = z.object({
  contragents: z.array(z.object({ id: z.string(), company: z.string() })),
  contracts: z.array(z.object({ id: z.string(), header: z.string(), contragent_id: z.string() })),
  /** the menu tree a main account may close (src/contract/menu.ts with children) */
  menu: z.array(menuNodeSchema),
  /** the manager's closed keys (none for a new one) */
  disabledMenus: z.array(z.string()),
  /** the manager's contracts (none for a new one) */
  contractSelect: z.array(z.string()),
})
export type ManagerChoices = z.infer<typeof managerChoicesSchema>

/** The grantable menu as a tree: top entries with their children. */
export function grantableMenuTree(): MenuNodeChoice[] {
  const nodes: MenuNodeChoice[] = []
  for (const entry of MENU) {
    if (!GRANTABLE_MENU_KEYS.includes(entry.key)) continue
    const parent = entry.parent === undefined ? undefined : nodes.find((node) => node.key === entry.parent)
    if (parent) parent.children.push({ key: entry.key, title: entry.title })
    else nodes.push({ key: entry.key, title: entry.title, children: [] })
  }
  return nodes
}

/** The legacy calls' {id}: /ajax/activateaccount/, /ajax/deactivateaccount/, /ajax/deleteaccount/. */
export const accountIdRequestSchema = z.object({ id: idNumber })

/** GET /ajax/accounts/: the company's managers in the legacy shape. */
export const legacyAccountsSchema = z.object({
  accounts: z.array(z.object({ id: z.int(), email: z.string(), name: z.string(), enabled: z.enum(['0', '1']), type_id: z.string() })),
})

/** POST /api/invitation/ {token, password, password2}: the invited manager sets its password. */
export const invitationRequestSchema = z.object({
  token: lineText().check(z.regex(/^[0-9a-f]{64}$/, INVITATION_MESSAGES.invalid)),
  password: z.string().check(z.minLength(PASSWORD_MIN_LENGTH, INVITATION_MESSAGES.passwordTooShort), z.maxLength(200)),
  password2: z.string(),
})
export type InvitationRequest = z.infer<typeof invitationRequestSchema>

export const invitationResponseSchema = z.object({ result: z.literal(1), message: z.string(), email: z.string() })
export type InvitationResponse = z.infer<typeof invitationResponseSchema>
