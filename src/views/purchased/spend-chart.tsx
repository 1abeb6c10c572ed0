import { useEffect, useRef } from 'react'
import type { PurchasedMonth } from '../../contract/purchased-goods'
import { formatMoney } from '../ui/format'
import styles from './purchased.module.css'

const shortMonth = new Intl.DateTimeFormat('ru-RU', { month: 'short', year: 'numeric', timeZone: 'UTC' })
const longMonth = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' })

const dateOf = (month: string) => new Date(`${month}-01T00:00:00Z`)
const monthLabel = (month: string) => longMonth.format(dateOf(month))

/**
 * Spend by month above the report: uPlot bars on a canvas, sized to its box, drawn once the plot's
 * code is there (spend-plot.ts). The canvas is hidden from screen readers; a visually hidden table
 * says the same months and sums.
 */
export function SpendChart({ months }: { months: readonly PurchasedMonth[] }) {
  const box = useRef<HTMLDivElement>(null)
  const labels = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const target = box.current
    if (!target) return
    let takeDown: (() => void) | null = null
    let left = false
    void import('./spend-plot').then(({ drawSpendPlot }) => {
      if (!left) takeDown = drawSpendPlot(target, months, labels.current)
    })
    return () => {
      left = true
      takeDown?.()
    }
  }, [months])
  return (
    <figure className={styles.chart} aria-labelledby="spend-chart-title">
      <figcaption id="spend-chart-title" className={styles.chartTitle}>
        Расходы по месяцам
      </figcaption>
      <div ref={box} className={styles.chartBox} data-testid="spend-chart" aria-hidden="true" />
      <div ref={labels} className={styles.chartMonths} data-testid="spend-chart-months" aria-hidden="true">
        {months.map((month) => (
          // hidden until the plot places them under their bars
          <span key={month.month} className={styles.chartMonth} hidden>
            {shortMonth.format(dateOf(month.month))}
          </span>
        ))}
      </div>
      <table className="visually-hidden">
        <caption>Расходы по месяцам</caption>
        <thead>
          <tr>
            <th scope="col">Месяц</th>
            <th scope="col">Сумма</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month.month)}</th>
              <td>{formatMoney(month.sum)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
