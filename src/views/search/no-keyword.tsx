import { CATALOGUE_SCREEN_MESSAGES } from '../../machines/catalogue-filter.machine'
import { ProductsNotice } from '../product/products-notice'
import { PageHeading } from '../ui/page-heading'

/** /cabinet/action12/ without a keyword: where to type one. */
export function NoKeyword() {
  return (
    <section>
      <PageHeading>Поиск</PageHeading>
      <ProductsNotice>{CATALOGUE_SCREEN_MESSAGES.noKeyword}</ProductsNotice>
    </section>
  )
}
