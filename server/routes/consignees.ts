import type { FastifyInstance } from 'fastify'
import multipart from '@fastify/multipart'
import {
  CONSIGNEE_FILE_MAX_BYTES,
  CONSIGNEE_MESSAGES,
  consigneeFieldsSchema,
  consigneeIdSchema,
  consigneeUploadFieldsSchema,
} from '../../src/contract/consignees'
import { requireAccount, signedInUser } from '../auth/require-account'
import { attachImage, createConsignee, findConsignee, listConsignees, readImage, removeConsignee, updateConsignee } from '../consignees/consignee-store'
import { imageKindOf } from '../consignees/image-kind'
import type { AppDeps } from '../deps'
import { readMultipartFile } from '../uploads/multipart-file'
import { HttpError, parseBody, parseInput, parseParams, parseQuery } from '../validation'

const CONSIGNEE_UPLOAD = {
  fileBytes: CONSIGNEE_FILE_MAX_BYTES,
  messages: { fileTooLarge: CONSIGNEE_MESSAGES.fileTooLarge, badUpload: CONSIGNEE_MESSAGES.badUpload, noFile: CONSIGNEE_MESSAGES.noFile },
}

const FILE_NAME_MAX_LENGTH = 200

/** The uploaded name as a line of text: no control characters (PostgreSQL refuses NUL), not too long. */
/* eslint-disable-next-line no-control-regex -- the point is to drop control characters */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g
const cleanFileName = (name: string) => name.replace(CONTROL_CHARACTERS, '').trim().slice(0, FILE_NAME_MAX_LENGTH) || 'image'

/**
 * The consignees of the dealer's company (spec §2, §7): the list, a create and an edit, the
 * removal (DELETE /api/consignee/?id=), the image upload (POST /api/consigneeUpload/, multipart
 * {file, consignee}, checked by its first bytes) and the attached image itself.
 */
export function registerConsigneeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }
  const companyOf = (request: Parameters<typeof signedInUser>[0]) => signedInUser(request).customer_id

  app.get('/api/consignee/', guarded, async (request) => ({ consignees: await listConsignees(db, companyOf(request)) }))

  app.post('/api/consignee/', guarded, async (request) => ({
    consignee: await createConsignee(db, companyOf(request), parseBody(consigneeFieldsSchema, request)),
  }))

  app.get('/api/consignee/:id/', guarded, async (request) => {
    const { id } = parseParams(consigneeIdSchema, request)
    return { consignee: await findConsignee(db, companyOf(request), id) }
  })

  app.put('/api/consignee/:id/', guarded, async (request) => {
    const { id } = parseParams(consigneeIdSchema, request)
    return { consignee: await updateConsignee(db, companyOf(request), id, parseBody(consigneeFieldsSchema, request)) }
  })

  app.delete('/api/consignee/', guarded, async (request) => {
    const { id } = parseQuery(consigneeIdSchema, request)
    return { count: await removeConsignee(db, companyOf(request), id, deps.now()) }
  })

  app.get('/api/consignee/:id/file', guarded, async (request, reply) => {
    const { id } = parseParams(consigneeIdSchema, request)
    const image = await readImage(db, companyOf(request), id)
    return reply
      .header('Content-Type', image.mime)
      .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(image.fileName)}`)
      .header('Cache-Control', 'private, no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .send(image.bytes)
  })

  // multipart is accepted only inside this scope (as for the price list)
  void app.register(async (scope) => {
    await scope.register(multipart)
    scope.post('/api/consigneeUpload/', guarded, async (request) => {
      const upload = await readMultipartFile(request, CONSIGNEE_UPLOAD)
      const { consignee } = parseInput(consigneeUploadFieldsSchema, upload.fields)
      const mime = imageKindOf(upload.bytes)
      if (mime === null) throw new HttpError(415, CONSIGNEE_MESSAGES.unsupportedFormat)
      const image = { fileName: cleanFileName(upload.fileName), mime, bytes: upload.bytes }
      return { consignee: await attachImage(db, companyOf(request), consignee, image) }
    })
  })
}
