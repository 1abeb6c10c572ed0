import * as z from 'zod/mini'

/**
 * Spec §7, the generic resource: POST /api/{method}/{id}/ (or /api/{method}/) whose body names
 * the verb in its `method` field. Each verb is answered by the resource's own handler.
 */
const GENERIC_METHODS = ['put', 'update', 'del'] as const
export type GenericMethod = (typeof GENERIC_METHODS)[number]

export const GENERIC_RESOURCE_MESSAGES = {
  unknownMethod: 'Неизвестный метод запроса: ожидается put, update или del',
  unsupported: 'Ресурс не поддерживает этот метод',
} as const

/** The body: `method` plus the resource's own fields, which its handler validates. */
export const genericResourceRequestSchema = z.looseObject({
  method: z.enum(GENERIC_METHODS, GENERIC_RESOURCE_MESSAGES.unknownMethod),
})

/** The alias of spec §7: GET or POST /rest/{method}/{id}/ is answered as /api/{method}/{id}/. */
export const REST_PREFIX = '/rest/'
export const API_PREFIX = '/api/'
