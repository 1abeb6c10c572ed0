import { Link } from '@tanstack/react-router'
import { buttonClassName } from '../ui/button'
import styles from './not-found-page.module.css'

/** Any address the route tree does not know. */
export function NotFoundPage() {
  return (
    <section className={styles.page}>
      <h1>Страница не найдена</h1>
      <p>Проверьте адрес или вернитесь в каталог.</p>
      <Link to="/cabinet/" className={buttonClassName('primary')}>
        Перейти в каталог
      </Link>
    </section>
  )
}
