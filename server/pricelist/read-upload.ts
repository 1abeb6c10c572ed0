import type { FastifyRequest } from 'fastify'
import { PRICELIST_LIMITS, PRICELIST_MESSAGES } from '../../src/contract/pricelist'
import { readMultipartFile, type Upload } from '../uploads/multipart-file'

const PRICELIST_UPLOAD = { fileBytes: PRICELIST_LIMITS.fileBytes, messages: PRICELIST_MESSAGES }

/** Reads the multipart form of POST /api/uploadsFromFile/: the file (at most 5 MB) and its text fields. */
export const readUpload = (request: FastifyRequest): Promise<Upload> => readMultipartFile(request, PRICELIST_UPLOAD)
