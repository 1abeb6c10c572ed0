import type { FastifyRequest } from 'fastify'
import { HttpError } from '../validation'

export interface Upload {
  bytes: Buffer
  /** the name the browser sent the file under */
  fileName: string
  /** the form's text fields */
  fields: Record<string, string>
}

/** What an upload route allows and what it answers when the form is not what it expects. */
export interface UploadRules {
  fileBytes: number
  messages: { fileTooLarge: string; badUpload: string; noFile: string }
}

const UPLOAD_FIELD = 'file'

/** The multipart plugin's and busboy's errors are English, some without a status: each becomes a Russian 4xx. */
function uploadError(error: unknown, rules: UploadRules): HttpError {
  if (error instanceof HttpError) return error
  const code = (error as { code?: unknown } | null)?.code
  return code === 'FST_REQ_FILE_TOO_LARGE' ? new HttpError(413, rules.messages.fileTooLarge) : new HttpError(400, rules.messages.badUpload)
}

/** Reads a multipart form with one file (field `file`, at most `rules.fileBytes`) and its text fields. */
export async function readMultipartFile(request: FastifyRequest, rules: UploadRules): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(400, rules.messages.noFile)
  const limits = { fileSize: rules.fileBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 }
  const fields: Record<string, string> = {}
  let file: { bytes: Buffer; fileName: string } | null = null
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value
        continue
      }
      // read to the end even under another name, or the form's later parts never arrive
      const bytes = await part.toBuffer()
      if (part.fieldname === UPLOAD_FIELD) file = { bytes, fileName: part.filename }
    }
  } catch (error) {
    throw uploadError(error, rules)
  }
  if (file === null) throw new HttpError(400, rules.messages.noFile)
  return { ...file, fields }
}
