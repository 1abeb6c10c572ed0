import MagicString from 'magic-string'
import { parseAst } from 'rolldown/parseAst'
import type { Plugin } from 'vite'
import { childNodes, isNode, type AstNode as Node } from './ast-nodes.ts'

const OUR_MODULE = /[\\/]src[\\/].+\.tsx?$/
const ZOD_IMPORT = /from ['"]zod\/mini['"]/
const PURE = '/* @__PURE__ */ '

const isFunction = (node: Node) => node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression'

/** The local names of `import * as z from 'zod/mini'` (and of its named imports). */
function zodNames(program: Node): Set<string> {
  const names = new Set<string>()
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration' || (statement.source as Node & { value: string }).value !== 'zod/mini') continue
    if (statement.importKind === 'type') continue
    for (const specifier of statement.specifiers as Node[]) names.add((specifier.local as Node & { name: string }).name)
  }
  return names
}

/** Whether the expression calls zod outside the functions it defines (a `transform` callback runs later, not at import). */
function callsZod(node: Node, zod: Set<string>): boolean {
  if (isFunction(node)) return false
  if (node.type === 'CallExpression') {
    let callee = node.callee as Node
    while (callee.type === 'MemberExpression' || callee.type === 'CallExpression')
      callee = (callee.type === 'MemberExpression' ? callee.object : callee.callee) as Node
    if (callee.type === 'Identifier' && zod.has((callee as Node & { name: string }).name)) return true
  }
  return childNodes(node).some((child) => callsZod(child, zod))
}

/** The start of every call the expression makes at once, outside the functions it defines. */
function callStarts(node: Node, into: number[] = []): number[] {
  if (isFunction(node)) return into
  if (node.type === 'CallExpression') into.push(node.start)
  for (const child of childNodes(node)) callStarts(child, into)
  return into
}

/**
 * Whether the expression reads a property at once (a message, a default) outside the functions it
 * defines. A call's own name (`z.string`, `.check`) is no such read: a call dropped as pure takes
 * it along, while a property read in its arguments stays behind, as the bundler cannot know that
 * the read has no effect (a getter might).
 */
function readsProperty(node: Node): boolean {
  if (isFunction(node)) return false
  if (node.type === 'CallExpression') {
    const callee = node.callee as Node
    const inCallee = callee.type === 'MemberExpression' ? readsProperty(callee.object as Node) : readsProperty(callee)
    return inCallee || (node.arguments as Node[]).some(readsProperty)
  }
  if (node.type === 'MemberExpression') return true
  return childNodes(node).some(readsProperty)
}

/** The initial values of the module's top-level `const`s that build zod schemas. */
function schemaInitializers(program: Node, zod: Set<string>): Node[] {
  const found: Node[] = []
  for (const item of program.body as Node[]) {
    const statement = item.type === 'ExportNamedDeclaration' && isNode(item.declaration) ? item.declaration : item
    if (statement.type !== 'VariableDeclaration') continue
    for (const declaration of statement.declarations as Node[]) {
      const init = declaration.init
      if (isNode(init) && !isFunction(init) && callsZod(init, zod)) found.push(init)
    }
  }
  return found
}

/**
 * Zod schemas are values without side effects, yet the bundler keeps every schema a module
 * builds at its top level once zod sits in a chunk of its own (`vendor`): across chunks it no
 * longer knows zod's functions are pure, and `treeshake.manualPureFunctions` does not reach them
 * either. So a request's schema that only the server reads was built at every start in the
 * browser (issue 24). The build marks each call in such a schema's initial value as pure, so an
 * unused schema is dropped with everything it calls; one that reads a property (a message, a
 * default) is built inside a function called as pure, so that it goes whole, its reads with it.
 * Tests, `npm run dev` and the server read the sources as they are.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'cabinet-pure-schemas',
    apply: 'build',
    transform(code, id) {
      if (!OUR_MODULE.test(id) || !ZOD_IMPORT.test(code)) return null
      const program = parseAst(code, { lang: id.endsWith('x') ? 'tsx' : 'ts' }, id) as unknown as Node
      const zod = zodNames(program)
      if (zod.size === 0) return null
      const initializers = schemaInitializers(program, zod)
      if (initializers.length === 0) return null
      const output = new MagicString(code)
      // a schema that reads a message or a default runs in a function called as pure: unused, it
      // goes whole, the reads with it (they stayed behind, and kept the messages' objects)
      const reading = new Set(initializers.filter(readsProperty))
      for (const init of reading) output.appendLeft(init.start, `${PURE}(() => (`).appendRight(init.end, '))()')
      // a chained call (`z.string().check(…)`) starts where its inner call does: one mark covers both
      const plain = initializers.filter((init) => !reading.has(init))
      for (const start of new Set(plain.flatMap((init) => callStarts(init)))) output.appendLeft(start, PURE)
      return { code: output.toString(), map: output.generateMap({ hires: true, source: id }) }
    },
  }
}
