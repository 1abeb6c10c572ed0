import { Link } from '@tanstack/react-router'
import type { BasketSummary as Summary } from '../../contract/account'
import { formatCount, formatMoney, PRODUCT_FORMS } from '../ui/format'
import styles from './basket-summary.module.css'
import { useInitData } from './shell-context'

/** "Корзина: 3 товара на сумму 1 234,50 ₽" */
const basketSummaryText = ({ count, sum }: Summary) => `Корзина: ${formatCount(count, PRODUCT_FORMS)} на сумму ${formatMoney(sum)}`

/** The header's basket line, a link to /cart/; the basket actor keeps its figures those of the page. */
export function BasketSummary() {
  const { basket } = useInitData()
  return (
    <p className={styles.summary} role="status">
      <Link to="/cart/" className={styles.link}>
        {basketSummaryText(basket)}
      </Link>
    </p>
  )
}
