import { Link } from '@tanstack/react-router'
import { basketSummaryText } from '../../contract/frame'
import styles from './basket-summary.module.css'
import { useInitData } from './shell-context'

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
