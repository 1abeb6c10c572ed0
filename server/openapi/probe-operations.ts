import * as z from 'zod/mini'
import { operationsOf, type Operation } from './operation'

const probes = operationsOf('Эксплуатация')

const healthy = z.object({ status: z.literal('ok') })
const unavailable = z.object({ status: z.literal('unavailable'), reason: z.string() })

/** The operator's calls: the health probes and the Prometheus metrics (see the README's «Operating the cabinet»). */
export const PROBE_OPERATIONS: Operation[] = [
  probes.get('/healthz', 'Liveness: the process answers (no database call)', { answer: healthy, isPublic: true }),
  probes.get('/readyz', 'Readiness: the database answers and the catalogue is in memory; 503 with the reason otherwise', {
    answer: healthy,
    errors: [503],
    errorBody: unavailable,
    isPublic: true,
  }),
  probes.get('/metrics', 'Prometheus metrics; only from this machine, or with METRICS_TOKEN to its bearer, else 404', {
    answerType: 'text/plain',
    answerNote: 'Метрики в текстовом формате Prometheus',
    errors: [404],
    isPublic: true,
  }),
]
