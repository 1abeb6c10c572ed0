import { parseAst } from 'rolldown/parseAst'
import type { Plugin } from 'vite'
import { childNodes, type AstNode as Node } from './ast-nodes.ts'

const MACHINE_MODULE = /[\\/]src[\\/]machines[\\/][^\\/]+\.ts$/

/** A name or a property read: no side effect when it is dropped. */
const isPlainRead = (node: Node): boolean =>
  node.type === 'Identifier' || (node.type === 'MemberExpression' && !node.computed && isPlainRead(node.object as Node))

/** A string written out in the code: a literal, a template reading names, or a sum of those. */
function isWrittenString(node: Node): boolean {
  if (node.type === 'Literal') return typeof node.value === 'string'
  if (node.type === 'TemplateLiteral') return (node.expressions as Node[]).every(isPlainRead)
  if (node.type === 'BinaryExpression') return node.operator === '+' && isWrittenString(node.left as Node) && isWrittenString(node.right as Node)
  return false
}

/** `description: '…'` properties with a written string: the text of the machine diagrams. */
function descriptionRanges(program: Node): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  const visit = (node: Node) => {
    if (
      node.type === 'Property' &&
      !node.computed &&
      (node.key as Node).type === 'Identifier' &&
      (node.key as Node & { name: string }).name === 'description' &&
      isWrittenString(node.value as Node)
    ) {
      ranges.push([node.start, node.end])
      return
    }
    childNodes(node).forEach(visit)
  }
  visit(program)
  return ranges
}

/**
 * The `description` of every state and transition is the text of docs/machines (npm run
 * diagrams); nothing in the browser reads it, yet it is a third of a machine's bytes. The build
 * blanks those properties out of src/machines (spaces in place, so the positions and the source
 * maps stay as they are). Tests, diagrams and `npm run dev` read the sources and keep them.
 */
export function stripMachineDescriptions(): Plugin {
  return {
    name: 'cabinet-strip-machine-descriptions',
    apply: 'build',
    transform(code, id) {
      if (!MACHINE_MODULE.test(id) || !code.includes('description')) return null
      const ranges = descriptionRanges(parseAst(code, { lang: 'ts' }, id) as unknown as Node)
      if (ranges.length === 0) return null
      const chars = code.split('')
      const blank = (from: number, to: number) => {
        for (let index = from; index < to; index++) if (chars[index] !== '\n') chars[index] = ' '
      }
      for (const [start, end] of ranges) {
        blank(start, end)
        // the comma after the property goes too: `{ description: '…', target }` stays valid
        let next = end
        while (next < chars.length && /\s/.test(chars[next]!)) next++
        if (chars[next] === ',') blank(next, next + 1)
      }
      return { code: chars.join(''), map: null }
    },
  }
}
