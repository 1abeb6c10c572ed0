import type { PictureShape } from '../db/seed-catalogue-data'

export interface PictureFacts {
  hue: number
  /** the picture's place in the product's gallery; later ones show the product turned */
  sort: number
  shape: PictureShape | 'box'
  brand: string
  articul: string
}

const SIZE = 400
const CENTRE = { x: 200, y: 170 }
const STEEL = '#a7b0b8'
const INK = '#2b2f33'

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

const hsl = (hue: number, saturation: number, lightness: number) => `hsl(${((hue % 360) + 360) % 360} ${saturation}% ${lightness}%)`

interface Palette {
  main: string
  dark: string
  light: string
}

// every shape is drawn around CENTRE in a box of about 240 × 200
const SHAPES: Record<PictureFacts['shape'], (p: Palette) => string> = {
  drill: (p) => `
    <rect x="108" y="92" width="154" height="62" rx="28" fill="${p.main}"/>
    <rect x="102" y="100" width="30" height="46" rx="12" fill="${p.dark}"/>
    <rect x="262" y="106" width="34" height="34" rx="6" fill="${INK}"/>
    <rect x="296" y="119" width="60" height="8" rx="3" fill="${STEEL}"/>
    <path d="M150 150 L198 150 L188 236 L140 236 Z" fill="${p.dark}"/>
    <rect x="199" y="158" width="10" height="26" rx="4" fill="${INK}"/>
    <rect x="116" y="232" width="100" height="36" rx="9" fill="${p.light}"/>`,
  wrench: (p) => `
    <g transform="rotate(-32 ${CENTRE.x} ${CENTRE.y})">
      <rect x="92" y="155" width="216" height="30" rx="15" fill="${p.main}"/>
      <circle cx="92" cy="170" r="40" fill="${p.main}"/>
      <rect x="50" y="158" width="46" height="24" fill="url(#bg)"/>
      <circle cx="310" cy="170" r="34" fill="${p.dark}"/>
      <circle cx="310" cy="170" r="16" fill="url(#bg)"/>
      <rect x="140" y="163" width="120" height="14" rx="7" fill="${p.light}"/>
    </g>`,
  coil: (p) => `
    <circle cx="${CENTRE.x}" cy="${CENTRE.y}" r="100" fill="${p.dark}"/>
    <circle cx="${CENTRE.x}" cy="${CENTRE.y}" r="88" fill="${p.main}"/>
    ${[76, 64, 52].map((r) => `<circle cx="${CENTRE.x}" cy="${CENTRE.y}" r="${r}" fill="none" stroke="${p.light}" stroke-width="5"/>`).join('')}
    <circle cx="${CENTRE.x}" cy="${CENTRE.y}" r="30" fill="${p.dark}"/>
    <circle cx="${CENTRE.x}" cy="${CENTRE.y}" r="10" fill="url(#bg)"/>
    <path d="M288 180 C320 200 330 240 300 262" fill="none" stroke="${p.main}" stroke-width="12" stroke-linecap="round"/>
    <rect x="292" y="256" width="14" height="22" rx="3" fill="${STEEL}"/>`,
  radiator: (p) => `
    <rect x="84" y="100" width="232" height="14" rx="7" fill="${p.dark}"/>
    <rect x="84" y="226" width="232" height="14" rx="7" fill="${p.dark}"/>
    ${Array.from({ length: 7 }, (_, i) => `<rect x="${92 + i * 31}" y="80" width="26" height="180" rx="11" fill="#f7f9fb" stroke="${p.main}" stroke-width="3"/>`).join('')}
    <rect x="62" y="102" width="24" height="10" rx="3" fill="${STEEL}"/>
    <rect x="314" y="228" width="24" height="10" rx="3" fill="${STEEL}"/>`,
  bag: (p) => `
    <path d="M118 78 Q200 62 282 78 L298 262 Q200 284 102 262 Z" fill="${p.main}"/>
    <path d="M118 78 Q200 62 282 78 L280 96 Q200 82 120 96 Z" fill="${p.dark}"/>
    <rect x="112" y="150" width="176" height="62" rx="6" fill="#ffffff" opacity="0.88"/>
    <rect x="128" y="166" width="110" height="10" rx="5" fill="${p.dark}"/>
    <rect x="128" y="186" width="70" height="8" rx="4" fill="${p.light}"/>
    <circle cx="262" cy="181" r="14" fill="${p.light}"/>`,
  generator: (p) => `
    <path d="M96 262 L96 96 Q96 84 108 84 L292 84 Q304 84 304 96 L304 262" fill="none" stroke="${INK}" stroke-width="9" stroke-linejoin="round"/>
    <rect x="112" y="122" width="176" height="118" rx="14" fill="${p.main}"/>
    <rect x="136" y="94" width="128" height="38" rx="14" fill="${p.dark}"/>
    <rect x="188" y="86" width="24" height="12" rx="4" fill="${INK}"/>
    <rect x="214" y="150" width="60" height="58" rx="6" fill="#f7f9fb"/>
    <circle cx="232" cy="170" r="7" fill="${INK}"/>
    <circle cx="256" cy="170" r="7" fill="${INK}"/>
    <rect x="224" y="188" width="40" height="8" rx="4" fill="${p.light}"/>
    <rect x="128" y="150" width="70" height="74" rx="8" fill="${p.dark}"/>
    <rect x="84" y="256" width="232" height="10" rx="5" fill="${INK}"/>`,
  box: (p) => `
    <path d="M200 84 L310 128 L200 172 L90 128 Z" fill="${p.light}"/>
    <path d="M90 128 L200 172 L200 270 L90 226 Z" fill="${p.main}"/>
    <path d="M310 128 L200 172 L200 270 L310 226 Z" fill="${p.dark}"/>
    <path d="M145 106 L255 150 L255 170 L145 126 Z" fill="#ffffff" opacity="0.35"/>`,
}

/** A view per gallery place: the same product, turned and scaled a little. */
const VIEWS = [
  { angle: 0, scale: 1 },
  { angle: -9, scale: 0.92 },
  { angle: 7, scale: 1.06 },
  { angle: -4, scale: 0.84 },
]

/** A flat product illustration: gradient backdrop, a shape of the product's kind, brand and articul. */
export function renderProductPictureSvg(facts: PictureFacts): string {
  const { hue } = facts
  const palette: Palette = { main: hsl(hue, 58, 48), dark: hsl(hue, 52, 34), light: hsl(hue + 12, 66, 66) }
  const view = VIEWS[facts.sort % VIEWS.length] ?? { angle: 0, scale: 1 }
  const { x, y } = CENTRE
  const transform = `translate(${x} ${y}) rotate(${view.angle}) scale(${view.scale}) translate(${-x} ${-y})`
  const brand = escapeXml(facts.brand)
  const articul = escapeXml(facts.articul)
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${brand} ${articul}">
  <defs>
    <linearGradient id="bg" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${SIZE}" y2="${SIZE}">
      <stop offset="0" stop-color="${hsl(hue, 70, 95)}"/>
      <stop offset="1" stop-color="${hsl(hue + 30, 55, 80)}"/>
    </linearGradient>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  <ellipse cx="${x}" cy="290" rx="${Math.round(120 * view.scale)}" ry="12" fill="${hsl(hue, 35, 30)}" opacity="0.16"/>
  <g transform="${transform}">${SHAPES[facts.shape](palette)}
  </g>
  <text x="${x}" y="336" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="26" font-weight="700" fill="${hsl(hue, 45, 20)}">${brand}</text>
  <text x="${x}" y="366" text-anchor="middle" font-family="ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace" font-size="16" fill="${hsl(hue, 30, 30)}">${articul}</text>
</svg>
`
}
