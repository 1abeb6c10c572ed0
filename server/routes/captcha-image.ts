/**
 * The captcha picture: glyphs drawn as jittered strokes (not SVG text, which a bot would simply
 * read), each turned and scaled a little, over crossing noise lines and dots.
 */

type Point = readonly [number, number]
type Stroke = readonly Point[]

/** A stroke font on a 4 × 6 grid (y grows downwards), one entry per captcha character. */
const GLYPHS: Record<string, readonly Stroke[]> = {
  '2': [
    [
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [0, 6],
      [4, 6],
    ],
  ],
  '3': [
    [
      [0, 0],
      [4, 0],
      [2, 2.5],
      [3, 2.5],
      [4, 3.5],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  '4': [
    [
      [3, 6],
      [3, 0],
      [0, 4],
      [4, 4],
    ],
  ],
  '5': [
    [
      [4, 0],
      [0, 0],
      [0, 2.5],
      [3, 2.5],
      [4, 3.5],
      [4, 5],
      [3, 6],
      [0, 6],
    ],
  ],
  '6': [
    [
      [4, 0.5],
      [3, 0],
      [1, 0],
      [0, 1.5],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 3.5],
      [3, 2.5],
      [1, 2.5],
      [0, 3.5],
    ],
  ],
  '7': [
    [
      [0, 0],
      [4, 0],
      [1.5, 6],
    ],
  ],
  '8': [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
    ],
    [
      [1, 3],
      [0, 4],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
    ],
  ],
  '9': [
    [
      [4, 2.5],
      [3, 3.5],
      [1, 3.5],
      [0, 2.5],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 4.5],
      [3, 6],
      [1, 6],
      [0, 5.5],
    ],
  ],
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [0.7, 4],
      [3.3, 4],
    ],
  ],
  B: [
    [
      [0, 0],
      [0, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [0, 3],
    ],
    [
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
    ],
  ],
  C: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
    ],
  ],
  D: [
    [
      [0, 0],
      [0, 6],
      [2.5, 6],
      [4, 4.5],
      [4, 1.5],
      [2.5, 0],
      [0, 0],
    ],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  F: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  G: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 3.5],
      [2.5, 3.5],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  J: [
    [
      [1, 0],
      [4, 0],
    ],
    [
      [3, 0],
      [3, 5],
      [2, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [0, 3.5],
    ],
    [
      [1.2, 2.8],
      [4, 6],
    ],
  ],
  M: [
    [
      [0, 6],
      [0, 0],
      [2, 3.5],
      [4, 0],
      [4, 6],
    ],
  ],
  N: [
    [
      [0, 6],
      [0, 0],
      [4, 6],
      [4, 0],
    ],
  ],
  P: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
  ],
  Q: [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
      [0, 1],
      [1, 0],
    ],
    [
      [2.5, 4.5],
      [4.2, 6.3],
    ],
  ],
  R: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
    [
      [2, 3],
      [4, 6],
    ],
  ],
  S: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 2],
      [1, 3],
      [3, 3],
      [4, 4],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [2, 6],
      [4, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [1, 6],
      [2, 2.5],
      [3, 6],
      [4, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [4, 6],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
  Y: [
    [
      [0, 0],
      [2, 3],
      [4, 0],
    ],
    [
      [2, 3],
      [2, 6],
    ],
  ],
  Z: [
    [
      [0, 0],
      [4, 0],
      [0, 6],
      [4, 6],
    ],
  ],
}

const CAPTCHA_WIDTH = 180
const CAPTCHA_HEIGHT = 60
const CELL = 32
const UNIT = 6
const INK = ['#1f3a68', '#5a1f1f', '#1f4d2b', '#3d2a5c', '#222222']
const NOISE = ['#8aa0c8', '#c89a8a', '#9cbf9c', '#b6a6cf']

const round = (value: number) => Math.round(value * 10) / 10

export function renderCaptchaSvg(text: string, random: () => number = Math.random): string {
  const between = (low: number, high: number) => low + random() * (high - low)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T

  const glyphs = [...text.toUpperCase()].map((character, index) => {
    const strokes = GLYPHS[character]
    if (!strokes) throw new Error(`no captcha glyph for ${character}`)
    const angle = (between(-20, 20) * Math.PI) / 180
    const scale = between(0.9, 1.12)
    const centre: Point = [12 + index * CELL + CELL / 2 + between(-2, 2), CAPTCHA_HEIGHT / 2 + between(-4, 4)]
    const place = ([x, y]: Point): Point => {
      const dx = (x - 2 + between(-0.15, 0.15)) * UNIT * scale
      const dy = (y - 3 + between(-0.15, 0.15)) * UNIT * scale
      return [centre[0] + dx * Math.cos(angle) - dy * Math.sin(angle), centre[1] + dx * Math.sin(angle) + dy * Math.cos(angle)]
    }
    const d = strokes
      .map((stroke) =>
        stroke
          .map(place)
          .map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`)
          .join(''),
      )
      .join('')
    return `<path d="${d}" stroke="${pick(INK)}" stroke-width="${round(between(2.6, 3.4))}"/>`
  })

  const lines = Array.from({ length: 5 }, () => {
    const [x1, y1, x2, y2] = [between(0, 30), between(5, 55), between(150, 180), between(5, 55)]
    const [cx, cy] = [between(40, 140), between(-20, 80)]
    const d = `M${round(x1)} ${round(y1)}Q${round(cx)} ${round(cy)} ${round(x2)} ${round(y2)}`
    return `<path d="${d}" stroke="${pick(NOISE)}" stroke-width="${round(between(1, 2))}"/>`
  })
  const dots = Array.from({ length: 40 }, () => {
    const [cx, cy, r] = [between(0, CAPTCHA_WIDTH), between(0, CAPTCHA_HEIGHT), between(0.6, 1.6)]
    return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${pick(NOISE)}"/>`
  })
  const size = `width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}"`

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" ${size}>` +
    `<rect width="100%" height="100%" fill="#f4f1ea"/>` +
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">${lines.join('')}${glyphs.join('')}</g>` +
    dots.join('') +
    '</svg>'
  )
}
