import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { PurchasedMonth } from '../../contract/purchased-goods'

const CHART_HEIGHT = 220
const compactMoney = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 })

/** Every how many months a label may stand, and the room kept between two labels (px). */
const LABEL_STRIDES = [1, 2, 3, 4, 6, 12] as const
const LABEL_GAP = 12

/**
 * The month labels under the bars are page text, not canvas: each stands centred under its bar,
 * and only every n-th month keeps its label, the smallest n at which the widest label fits with
 * room to spare, so they never run together however narrow the box.
 */
function placeMonthLabels(plot: uPlot, labels: HTMLElement, count: number) {
  const spans = [...labels.children].filter((child): child is HTMLElement => child instanceof HTMLElement)
  for (const span of spans) span.hidden = false
  const widest = Math.max(0, ...spans.map((span) => span.getBoundingClientRect().width))
  const perMonth = plot.over.getBoundingClientRect().width / Math.max(count, 1)
  const stride = LABEL_STRIDES.find((months) => months * perMonth >= widest + LABEL_GAP) ?? count
  const origin = plot.over.getBoundingClientRect().left - labels.getBoundingClientRect().left
  spans.forEach((span, index) => {
    span.hidden = index % stride !== 0
    span.style.left = `${origin + plot.valToPos(index, 'x')}px`
  })
}

function chartOptions(months: readonly PurchasedMonth[], width: number, colour: string, labels: HTMLElement | null): uPlot.Options {
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
      // the months are the labels under the canvas (placeMonthLabels)
      { show: false },
      { size: 96, values: (_, splits) => splits.map((value) => `${compactMoney.format(value)} ₽`) },
    ],
    series: [{}, { label: 'Сумма', fill: colour, stroke: colour, width: 0, points: { show: false }, paths: uPlot.paths.bars?.({ size: [0.6, 64] }) }],
    hooks: { draw: [(plot) => (labels ? placeMonthLabels(plot, labels, months.length) : undefined)] },
  }
}

/**
 * Draws the bars into `target`, sized to it and following its width, and places the month labels;
 * answers the function that takes the plot down. uPlot (21 KB gzipped) comes with this module,
 * which the chart loads when it is first shown, not with the purchased goods' page.
 */
export function drawSpendPlot(target: HTMLElement, months: readonly PurchasedMonth[], labels: HTMLElement | null): () => void {
  const colour = getComputedStyle(target).getPropertyValue('--color-primary').trim() || '#1d5fbf'
  const data: uPlot.AlignedData = [months.map((_, index) => index), months.map((month) => month.sum)]
  const plot = new uPlot(chartOptions(months, target.clientWidth, colour, labels), data, target)
  const resize = new ResizeObserver(() => plot.setSize({ width: target.clientWidth, height: CHART_HEIGHT }))
  resize.observe(target)
  return () => {
    resize.disconnect()
    plot.destroy()
  }
}
