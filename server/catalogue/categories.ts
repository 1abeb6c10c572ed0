import type { CategoryNode } from '../../src/contract/catalogue-init'
import type { CategoryCountNode } from '../../src/contract/filter-answer'
import type { Db } from '../db/connection'

export async function catalogueTree(db: Db): Promise<CategoryNode[]> {
  const rows = await db.kysely.selectFrom('categories').select(['id', 'parent_id', 'header']).orderBy('sort').orderBy('id').execute()
  const nodes = new Map(rows.map((row) => [row.id, { id: String(row.id), header: row.header, children: [] as CategoryNode[] }]))
  const roots: CategoryNode[] = []
  for (const row of rows) {
    const node = nodes.get(row.id)!
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id)
    ;(parent ? parent.children : roots).push(node)
  }
  return roots
}

/** The node with this id and every node below it; empty when no node has the id. */
export function subtreeIds(tree: readonly CategoryNode[], id: string): number[] {
  for (const node of tree) {
    if (node.id === id) return collectIds(node)
    const found = subtreeIds(node.children, id)
    if (found.length > 0) return found
  }
  return []
}

const collectIds = (node: CategoryNode): number[] => [Number(node.id), ...node.children.flatMap(collectIds)]

/** The tree with each node's count: its own products plus its descendants'. */
export function countedTree(tree: readonly CategoryNode[], countByCategory: ReadonlyMap<number, number>): CategoryCountNode[] {
  return tree.map((node) => {
    const children = countedTree(node.children, countByCategory)
    const count = children.reduce((sum, child) => sum + (child.count ?? 0), countByCategory.get(Number(node.id)) ?? 0)
    return { id: node.id, header: node.header, count, children }
  })
}
