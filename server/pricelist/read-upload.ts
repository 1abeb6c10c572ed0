import type { FastifyRequest } from 'fastify'
import { PRICELIST_LIMITS, PRICELIST_MESSAGES } from '../../src/contract/pricelist'
import { HttpError } from '../validation'

export interface Upload {
  bytes: Buffer
  /** the form's text fields (contract, wms) */
  fields: Record<string, string>
}

const UPLOAD_FIELD = 'file'

const LIMITS = { fileSize: PRICELIST_LIMITS.fileBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 }

/** The multipart plugin's and busboy's errors are English, some without a status: each becomes a Russian 4xx. */
function uploadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error
  const code = (error as { code?: unknown } | null)?.code
  return code === 'FST_REQ_FILE_TOO_LARGE' ? new HttpError(413, PRICELIST_MESSAGES.fileTooLarge) : new HttpError(400, PRICELIST_MESSAGES.badUpload)
}

/** Reads the multipart form of POST /api/uploadsFromFile/: the file (at most 5 MB) and its text fields. */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(400, PRICELIST_MESSAGES.noFile)
  const fields: Record<string, string> = {}
  let bytes: Buffer | null = null
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
        continue
      }
      // read to the end even under another name, or the form's later parts never arrive
      const content = await part.toBuffer()
      if (part.fieldname === UPLOAD_FIELD) bytes = content
    }
  } catch (error) {
    throw uploadError(error)
  }
  if (bytes === null) throw new HttpError(400, PRICELIST_MESSAGES.noFile)
  return { bytes, fields }
}
