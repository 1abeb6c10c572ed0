import * as z from 'zod/mini'
import { idNumber } from './catalogue'

/** The most brands one saved selection holds (the catalogue has far fewer). */
const MAX_SELECTED_BRANDS = 5_000

export const EXPORTER_MESSAGES = {
  unknownBrands: 'Выбраны неизвестные бренды: выбор не сохранён',
  noBrands: 'Выберите хотя бы один бренд',
  tooManyBrands: `Не больше ${MAX_SELECTED_BRANDS} брендов`,
  /** the spec's fixed customer id 17 is the session's company; another company's id is refused */
  otherCompany: 'Выгрузка доступна только для своей компании',
  alreadyRunning: 'Выгрузка уже формируется. Дождитесь её окончания, затем запустите новую.',
  noFile: 'Готовой выгрузки нет: сформируйте её',
  interrupted: 'Выгрузка прервана: сервер перезапускался несколько раз. Сформируйте её снова.',
  failed: 'Не удалось сформировать выгрузку. Сформируйте её снова.',
} as const

/** Spec §3 "Exporter brands: id, selected", with the name the dealer reads. */
const exporterBrandSchema = z.object({ id: z.int(), header: z.string(), selected: z.boolean() })
export type ExporterBrand = z.infer<typeof exporterBrandSchema>

/** The brands under one first letter (digits and other signs under '#'). */
const brandLetterSchema = z.object({ letter: z.string(), brands: z.array(exporterBrandSchema) })
export type BrandLetter = z.infer<typeof brandLetterSchema>

/**
 * GET /api/getBrandsForExporter/: spec §7 `brands.raw` (every brand, by name) and `brands.packed`
 * (grouped alphabetically), each with the account's saved selection; `customer_id` is the
 * session's company, which the page sends back in its polls (the spec's fixed 17).
 */
export const exporterBrandsResponseSchema = z.object({
  customer_id: z.int(),
  brands: z.object({ raw: z.array(exporterBrandSchema), packed: z.array(brandLetterSchema) }),
})
export type ExporterBrandsResponse = z.infer<typeof exporterBrandsResponseSchema>

const brandIdsSchema = z.array(idNumber).check(z.maxLength(MAX_SELECTED_BRANDS, EXPORTER_MESSAGES.tooManyBrands))

/** POST /api/saveBrandsExporter/ {data: brand ids}: the account's selection, replaced as a whole. */
export const saveBrandsRequestSchema = z.object({ data: brandIdsSchema })
export const saveBrandsResponseSchema = z.object({ status: z.literal('success'), count: z.int().check(z.nonnegative()) })
export type SaveBrandsResponse = z.infer<typeof saveBrandsResponseSchema>

/** {customer_id}: optional; when given it must be the session's company. */
export const customerRequestSchema = z.object({ customer_id: z.optional(idNumber) })

/** POST /api/runExporter/ {customer_id, data?}: «Сформировать»; `data` saves the selection first. */
export const runExporterRequestSchema = z.object({ customer_id: z.optional(idNumber), data: z.optional(brandIdsSchema) })

const JOB_STATES = ['queued', 'working', 'ready', 'failed'] as const
export type ExportJobState = (typeof JOB_STATES)[number]

/** An export job as the page sees it: progress is the stored fraction 0..1. */
const exportJobSchema = z.object({
  id: z.int(),
  state: z.enum(JOB_STATES),
  progress: z.number().check(z.gte(0), z.lte(1)),
  /** the failure's message on a failed job */
  error: z.nullable(z.string()),
})
export type ExportJob = z.infer<typeof exportJobSchema>

export const runExporterResponseSchema = z.object({ job: exportJobSchema })

/** POST /api/isCommandRunning/ {customer_id}: polled every 3 s; the company's latest job. */
export const commandRunningResponseSchema = z.object({ running: z.boolean(), job: z.nullable(exportJobSchema) })
export type CommandRunningResponse = z.infer<typeof commandRunningResponseSchema>

/** POST /api/isXlsxReportExists/ {customer_id}: `fe` (the file exists) and when it was made, dd.mm.yyyy HH:MM (Moscow). */
export const reportExistsResponseSchema = z.object({ fe: z.boolean(), date: z.nullable(z.string()) })
export type ReportExistsResponse = z.infer<typeof reportExistsResponseSchema>

/** GET: the company's latest ready export as an XLSX download. */
export const EXPORTER_FILE_URL = '/api/exporterFile/'
