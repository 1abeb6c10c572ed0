import { operationsOf, type Operation } from './operation'

const reference = operationsOf('Справочник API')

export const OPENAPI_DOCUMENT_URL = '/api/openapi.json'

/** The reference describes its own document too (the page /api/docs/ is no API call). */
export const REFERENCE_OPERATIONS: Operation[] = [
  reference.get(OPENAPI_DOCUMENT_URL, 'This OpenAPI 3.1 document', { answerNote: 'Документ OpenAPI 3.1', isPublic: true }),
]
