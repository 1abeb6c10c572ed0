import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'
import { idNumber } from '../../src/contract/catalogue'
import {
  INVITATION_MESSAGES,
  MANAGER_MESSAGES,
  accountIdRequestSchema,
  grantableMenuTree,
  invitationRequestSchema,
  managerChoicesRequestSchema,
  managerFormSchema,
  type ManagerChoices,
} from '../../src/contract/managers'
import { requireAccount, signedInUser } from '../auth/require-account'
import type { AppDeps } from '../deps'
import { acceptInvitation, inviteManager } from '../managers/invitations'
import { findManager, listManagers, type Company } from '../managers/manager-rows'
import { createManager, deleteManager, setManagerEnabled, updateManager } from '../managers/save-manager'
import { describeIssue, parseBody, parseParams, type DescribeIssue } from '../validation'

const idParams = z.object({ id: idNumber })

const OWN_MESSAGES: readonly string[] = [...Object.values(MANAGER_MESSAGES), ...Object.values(INVITATION_MESSAGES)]

/** The form's own messages (spec §5's «Выберите договор» above all) reach the user as they are, to the letter. */
const managerMessage: DescribeIssue = (issue) => (OWN_MESSAGES.includes(issue.message) ? issue.message : describeIssue(issue))

/** The company's contragents and contracts, the grantable menu, and the manager's current choices (none for a new one). */
async function managerChoices(deps: AppDeps, company: Company, managerId: number): Promise<ManagerChoices> {
  const manager = managerId === 0 ? null : await findManager(deps.db, company, managerId)
  const contragents = await deps.db.kysely
    .selectFrom('contragents')
    .select(['id', 'company'])
    .where('customer_id', '=', company.customer_id)
    .orderBy('id')
    .execute()
  const contracts = await deps.db.kysely
    .selectFrom('contracts')
    .select(['id', 'header', 'contragent_id'])
    .where('customer_id', '=', company.customer_id)
    .orderBy('id')
    .execute()
  return {
    contragents: contragents.map((row) => ({ id: String(row.id), company: row.company })),
    contracts: contracts.map((row) => ({ id: String(row.id), header: row.header, contragent_id: String(row.contragent_id) })),
    menu: grantableMenuTree(),
    disabledMenus: manager?.disabledMenus ?? [],
    contractSelect: manager?.contractSelect ?? [],
  }
}

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`

/**
 * Issue 22, the managers of a main account (main account only: section-access closes the
 * 'managers' section to every manager). Every id is checked against the signed-in company.
 */
export function registerManagerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }

  app.get('/api/managers/', guarded, async (request) => ({ managers: await listManagers(db, signedInUser(request)) }))

  app.post('/api/managers/', guarded, async (request) => {
    const company = signedInUser(request)
    const manager = await createManager(db, company, parseBody(managerFormSchema, request, managerMessage), deps.now())
    await inviteManager(deps, { id: manager.id, email: manager.email, customer_id: company.customer_id }, originOf(request))
    return { manager }
  })

  for (const prefix of ['/api/managers', '/api/manager']) {
    app.get(`${prefix}/:id/`, guarded, async (request) => ({ manager: await findManager(db, signedInUser(request), parseParams(idParams, request).id) }))
    app.put(`${prefix}/:id/`, guarded, async (request) => {
      const { id } = parseParams(idParams, request)
      return { manager: await updateManager(db, signedInUser(request), id, parseBody(managerFormSchema, request, managerMessage)) }
    })
    app.delete(`${prefix}/:id/`, guarded, async (request) => {
      await deleteManager(db, signedInUser(request), parseParams(idParams, request).id, deps.now())
      return { result: 1 }
    })
  }

  app.post('/api/getManagerContragentsContracts/', guarded, async (request) => {
    const { manager_id } = parseBody(managerChoicesRequestSchema, request)
    return managerChoices(deps, signedInUser(request), Number(manager_id))
  })

  // the legacy calls of spec §7, answering from the same rows
  app.get('/ajax/accounts/', guarded, async (request) => ({
    accounts: (await listManagers(db, signedInUser(request))).map(({ id, email, name, enabled, type_id }) => ({ id, email, name, enabled, type_id })),
  }))
  for (const [url, enabled] of [
    ['/ajax/activateaccount/', true],
    ['/ajax/deactivateaccount/', false],
  ] as const) {
    app.post(url, guarded, async (request) => {
      const manager = await setManagerEnabled(db, signedInUser(request), parseBody(accountIdRequestSchema, request).id, enabled)
      return { result: 1, manager }
    })
  }
  app.post('/ajax/deleteaccount/', guarded, async (request) => {
    await deleteManager(db, signedInUser(request), parseBody(accountIdRequestSchema, request).id, deps.now())
    return { result: 1 }
  })

  app.post('/api/invitation/', async (request) => {
    const { email } = await acceptInvitation(db, parseBody(invitationRequestSchema, request, managerMessage), deps.now())
    return { result: 1, message: INVITATION_MESSAGES.done, email }
  })
}
