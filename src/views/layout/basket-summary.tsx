import type { BasketSummary as Summary } from '../../contract/account'
import { formatCount, formatMoney, PRODUCT_FORMS } from '../ui/format'
import styles from './basket-summary.module.css'
import { useInitData } from './shell-context'

/** "Корзина: 3 товара на сумму 1 234,50 ₽" */
export const basketSummaryText = ({ count, sum }: Summary) =>
  `Корзина: ${formatCount(count, PRODUCT_FORMS)} на сумму ${formatMoney(sum)}`

/**
 * The header's basket line; screens keep it current with `basket.changed`. It becomes a link to
 * /cart/ when the basket screen is built.
 */
export function BasketSummary() {
  const { basket } = useInitData()
  return (
    <p className={styles.summary} role="status">
      {basketSummaryText(basket)}
    </p>
  )
}
