/** A node of the ESTree-shaped AST that `rolldown/parseAst` gives, as the build's plugins read it. */
export interface AstNode {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

export const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string'

/** The nodes directly under `node`, in source order. */
export const childNodes = (node: AstNode): AstNode[] =>
  Object.values(node).flatMap((value) => (Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : []))
