import * as z from 'zod/mini'

type JsonSchema = Record<string, unknown>

/** Where the document keeps the schemas that refer to themselves (a category tree): `#/components/schemas`. */
export type SharedSchemas = Record<string, JsonSchema>

const COMPONENTS = '#/components/schemas/'

/** Every `$ref` inside `value` through `rename`. */
function renameRefs(value: unknown, rename: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameRefs(item, rename))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, key === '$ref' && typeof inner === 'string' ? rename(inner) : renameRefs(inner, rename)]),
  )
}

/**
 * A contract schema as JSON Schema 2020-12 (OpenAPI 3.1's own dialect). zod writes a recursive
 * schema's parts under `$defs` of the schema itself; inside an OpenAPI document `#` means the
 * document, so they move to `shared` under `name` and their references follow.
 */
export function jsonSchemaOf(schema: z.ZodMiniType, io: 'input' | 'output', name: string, shared: SharedSchemas): JsonSchema {
  const { $schema: _dialect, $defs, ...root } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema
  const rename = (ref: string) => (ref === '#' ? `${COMPONENTS}${name}` : ref.replace('#/$defs/', `${COMPONENTS}${name}.`))
  for (const [key, part] of Object.entries(($defs ?? {}) as SharedSchemas)) shared[`${name}.${key}`] = renameRefs(part, rename) as JsonSchema
  const renamed = renameRefs(root, rename) as JsonSchema
  if (!JSON.stringify(renamed).includes(`"${COMPONENTS}${name}"`)) return renamed
  shared[name] = renamed
  return { $ref: `${COMPONENTS}${name}` }
}
