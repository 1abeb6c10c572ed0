import type { Account } from '../../src/contract/account'
import { effectiveDisabledMenus } from '../../src/contract/menu'
import type { Db } from '../db/connection'
import { allowedContracts } from './contract-access'
import { SESSION_USER_COLUMNS, type SessionUser } from './sessions'

export function findUser(db: Db, userId: number): Promise<SessionUser | undefined> {
  return db.kysely.selectFrom('users').select(SESSION_USER_COLUMNS).where('users.id', '=', userId).executeTakeFirst()
}

function parseMenuKeys(json: string): string[] {
  try {
    const keys: unknown = JSON.parse(json)
    return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : []
  } catch {
    return []
  }
}

/** The wire account of a user: their company and the contracts they may use. */
export async function accountOf(db: Db, user: SessionUser): Promise<Account> {
  const customer = await db.kysely.selectFrom('customers').select(['company', 'inn']).where('id', '=', user.customer_id).executeTakeFirstOrThrow()
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    type_id: user.type_id,
    company: customer.company,
    inn: customer.inn,
    disabledMenus: effectiveDisabledMenus(user.type_id, parseMenuKeys(user.disabled_menus)),
    contracts: await allowedContracts(db, user),
  }
}
