import { useSearch } from '@tanstack/react-router'
import { CabinetHomePage } from '../../views/home/cabinet-home-page'

/** /cabinet/?page=: the page number comes from the address. */
export function CatalogueRoute() {
  const page = useSearch({ strict: false, select: (search) => search.page })
  return <CabinetHomePage page={page ?? 1} />
}
