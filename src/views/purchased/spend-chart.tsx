import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { PurchasedMonth } from '../../contract/purchased-goods'
import { formatMoney } from '../ui/format'
import styles from './purchased.module.css'

const CHART_HEIGHT = 220
const shortMonth = new Intl.DateTimeFormat('ru-RU', { month: 'short', year: 'numeric', timeZone: 'UTC' })
const longMonth = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const compactMoney = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 })

const dateOf = (month: string) => new Date(`${month}-01T00:00:00Z`)
const monthLabel = (month: string) => longMonth.format(dateOf(month))

function chartOptions(months: readonly PurchasedMonth[], width: number, colour: string): uPlot.Options {
  const top = Math.max(...months.map((month) => month.sum), 0)
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [-0.5, months.length - 0.5] },
      y: { range: [0, top > 0 ? top * 1.1 : 1] },
    },
    axes: [
      {
        incrs: [1, 2, 3, 6, 12],
        space: 60,
        grid: { show: false },
        values: (_, splits) => splits.map((index) => (months[index] ? shortMonth.format(dateOf(months[index].month)) : '')),
      },
      { size: 96, values: (_, splits) => splits.map((value) => `${compactMoney.format(value)} ₽`) },
    ],
    series: [{}, { label: 'Сумма', fill: colour, stroke: colour, width: 0, points: { show: false }, paths: uPlot.paths.bars?.({ size: [0.6, 64] }) }],
  }
}

/**
 * Spend by month above the report: uPlot bars on a canvas, sized to its box. The canvas is hidden
 * from screen readers; a visually hidden table says the same months and sums.
 */
export function SpendChart({ months }: { months: readonly PurchasedMonth[] }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const target = box.current
    if (!target) return
    const colour = getComputedStyle(target).getPropertyValue('--color-primary').trim() || '#1d5fbf'
    const data: uPlot.AlignedData = [months.map((_, index) => index), months.map((month) => month.sum)]
    const plot = new uPlot(chartOptions(months, target.clientWidth, colour), data, target)
    const resize = new ResizeObserver(() => plot.setSize({ width: target.clientWidth, height: CHART_HEIGHT }))
    resize.observe(target)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [months])
  return (
    <figure className={styles.chart} aria-labelledby="spend-chart-title">
      <figcaption id="spend-chart-title" className={styles.chartTitle}>
        Расходы по месяцам
      </figcaption>
      <div ref={box} className={styles.chartBox} data-testid="spend-chart" aria-hidden="true" />
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
