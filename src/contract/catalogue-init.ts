import * as z from 'zod/mini'
import { contractSchema, warehouseSchema } from './account'

export interface CategoryNode {
  id: string
  header: string
  children: CategoryNode[]
}
const categoryNodeSchema: z.ZodMiniType<CategoryNode> = z.lazy(() => z.object({ id: z.string(), header: z.string(), children: z.array(categoryNodeSchema) }))

/** GET /api/filterinit/: response contracts, catalog_tree, selectedContract, warehouses (spec §7). */
export const filterInitSchema = z.object({
  contracts: z.array(contractSchema),
  catalog_tree: z.array(categoryNodeSchema),
  selectedContract: z.string(),
  warehouses: z.array(warehouseSchema),
})
export type FilterInit = z.infer<typeof filterInitSchema>
