import * as z from 'zod/mini'
import { idNumber } from './catalogue'
import { lineText, REQUIRED_MESSAGE } from './common'

const CONSIGNEE_NAME_MAX_LENGTH = 100

/** The attached file: an image of at most 5 MB (a scan or a photo of the power of attorney). */
export const CONSIGNEE_FILE_MAX_BYTES = 5 * 1024 * 1024

export const CONSIGNEE_MESSAGES = {
  required: REQUIRED_MESSAGE,
  tooLong: `Не длиннее ${CONSIGNEE_NAME_MAX_LENGTH} символов`,
  notFound: 'Грузополучатель не найден',
  noFile: 'Файл не приложен',
  badUpload: 'Не удалось прочитать загруженный файл',
  fileTooLarge: 'Файл больше 5 МБ: приложите изображение поменьше',
  /** spec §8, to the letter: the server's refusal of a file that is no image */
  unsupportedFormat: 'Unsupported format',
  /** spec §5, to the letter: the client's refusal of a chosen file that is no image */
  chooseImage: 'Please choose an image file.',
} as const

/** The image types the server recognises by their first bytes; the client checks the type the browser names. */
const CONSIGNEE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const
export type ConsigneeImageType = (typeof CONSIGNEE_IMAGE_TYPES)[number]

/** The file input's `accept`. */
export const CONSIGNEE_FILE_ACCEPT = CONSIGNEE_IMAGE_TYPES.join(',')

const personName = z.pipe(
  lineText(CONSIGNEE_MESSAGES.required),
  z.string().check(z.minLength(1, CONSIGNEE_MESSAGES.required), z.maxLength(CONSIGNEE_NAME_MAX_LENGTH, CONSIGNEE_MESSAGES.tooLong)),
)

/** POST /api/consignee/ and PUT /api/consignee/{id}/: the surname and the name. */
export const consigneeFieldsSchema = z.object({ surname: personName, name: personName })
export type ConsigneeFields = z.input<typeof consigneeFieldsSchema>

const consigneeSchema = z.object({
  id: z.int(),
  surname: z.string(),
  name: z.string(),
  /** the attached image's name as it was uploaded; null when none is attached */
  file_name: z.nullable(z.string()),
})
export type Consignee = z.infer<typeof consigneeSchema>

/** GET /api/consignee/ (spec §7 "consignee list"): the company's consignees, oldest first. */
export const consigneesResponseSchema = z.object({ consignees: z.array(consigneeSchema) })

/** The answer of a create, an edit, a read and an upload: the consignee as it is now. */
export const consigneeResponseSchema = z.object({ consignee: consigneeSchema })

/** The id of /api/consignee/{id}/ and of DELETE /api/consignee/?id={id} */
export const consigneeIdSchema = z.object({ id: idNumber })

/** DELETE's answer: how many consignees the company has left. */
export const consigneeRemovedResponseSchema = z.object({ count: z.int().check(z.nonnegative()) })

/** POST /api/consigneeUpload/ multipart: the field `consignee` (its id) beside the file. */
export const consigneeUploadFieldsSchema = z.object({ consignee: idNumber })

/** GET of the attached image, company-scoped. */
export const consigneeFilePath = (id: number) => `/api/consignee/${id}/file`

/** What the client knows of a chosen file (a browser File has all three). */
export interface ChosenFile {
  readonly name: string
  readonly size: number
  readonly type: string
}

/** The client's check of a chosen file (spec §5: image types only). */
export const isImageType = (type: string): boolean => (CONSIGNEE_IMAGE_TYPES as readonly string[]).includes(type)
