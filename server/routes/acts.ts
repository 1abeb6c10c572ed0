import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import { actRequestSchema, actsQuerySchema, type ActResponse } from '../../src/contract/acts'
import { idNumber } from '../../src/contract/catalogue'
import { requireAccount, signedInUser } from '../auth/require-account'
import { readActFile } from '../acts/act-file'
import { createActWorker, STALE_SWEEP_MS } from '../acts/act-worker'
import { listActs } from '../acts/list-acts'
import { requestAct } from '../acts/request-act'
import type { AppDeps } from '../deps'
import { sendPolled } from '../polled-answer'
import { sendXlsx } from '../xlsx-file'
import { describeIssue, parseInput, parseParams, parseQuery, type DescribeIssue } from '../validation'

/** The act's own messages (spec §5's period text, the date format) reach the user as they are, to the letter. */
const actMessage: DescribeIssue = (issue) => (issue.code === 'custom' ? issue.message : describeIssue(issue))

const actIdParams = z.object({ id: idNumber })

export function registerActRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }
  const worker = createActWorker({ db, now: deps.now, logError: (message, error) => app.log.error({ err: error }, message) })
  // acts left queued by a stopped process are built on start, and those of a process that died are
  // found by a sweep
  let sweep: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    void worker.kick()
    sweep = setInterval(() => void worker.kick(), STALE_SWEEP_MS).unref()
  })
  // a graceful stop puts the act in hand back in the queue
  app.addHook('onClose', async () => {
    clearInterval(sweep)
    await worker.stop()
  })

  // polled every 10 s by every open acts screen: the allowed contracts come with the session, in its query
  const withContracts = { preHandler: requireAccount(deps, { withContracts: true }) }
  app.get('/api/getActs/', withContracts, async (request, reply) =>
    sendPolled(request, reply, await listActs(db, signedInUser(request), parseQuery(actsQuerySchema, request, actMessage))),
  )

  app.post('/api/act/', guarded, async (request): Promise<ActResponse> => {
    const body = parseInput(actRequestSchema, request.body, actMessage)
    const act = await requestAct(db, signedInUser(request), body.act, deps.now())
    void worker.kick()
    return { act }
  })

  app.get('/api/act/:id/file', guarded, async (request, reply) => {
    const { id } = parseParams(actIdParams, request)
    const file = await readActFile(db, signedInUser(request), id)
    return sendXlsx(reply, file, `act-${id}.xlsx`)
  })
}
