import { Link } from '@tanstack/react-router'
import { basketSummaryText } from '../layout/basket-summary'
import { useInitData } from '../layout/shell-context'
import { PageHeading } from '../ui/page-heading'

/** /cart/ until the basket screen is built: the header's summary and a way back. */
export function CartSummaryPage() {
  const { basket } = useInitData()
  return (
    <section>
      <PageHeading>Корзина</PageHeading>
      <p>{basketSummaryText(basket)}</p>
      <Link to="/cabinet/">Перейти в каталог</Link>
    </section>
  )
}
