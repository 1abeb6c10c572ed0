import { createRandom, type Random } from '../db/random'

export interface WarehouseMapFacts {
  id: number
  header: string
  address: string
  schedule: string
}

const WIDTH = 640
const HEIGHT = 400
/** the map above, the caption panel below */
const MAP_HEIGHT = 300
const MARKER = { x: 320, y: 150 }
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
const CAPTION_LINE_CHARS = 70

/** Text safe inside XML or HTML, in element content and in quoted attributes. */
export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/** Words into at most `maxLines` lines of about `width` characters; what does not fit ends in '…'. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = []
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1)
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`
    else lines.push(word)
  }
  if (lines.length <= maxLines) return lines
  return [...lines.slice(0, maxLines - 1), `${lines[maxLines - 1]}…`]
}

/** Street positions along one side: a street every 70-120 px, the same ones for the same warehouse. */
function streetsAlong(length: number, random: Random): number[] {
  const streets: number[] = []
  for (let at = random.int(20, 60); at < length - 20; at += random.int(70, 120)) streets.push(at)
  return streets
}

const road = (d: string, width: number, colour: string) =>
  `<path d="${d}" fill="none" stroke="#c9ced4" stroke-width="${width + 3}" stroke-linecap="round"/>` +
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>`

/**
 * A schematic map of the way to a warehouse: a street grid, a highway, a park and a river drawn
 * from the warehouse's id (no map service), the warehouse marked in the middle, and its address
 * and hours below.
 */
export function renderWarehouseMapSvg(facts: WarehouseMapFacts): string {
  const random = createRandom(facts.id * 7919)
  const park = { x: random.int(30, 420), y: random.int(20, 180), w: random.int(90, 160), h: random.int(60, 90) }
  const riverY = random.int(40, 260)
  const highwayTilt = random.int(-60, 60)
  const streets = [
    ...streetsAlong(WIDTH, random).map((x) => road(`M${x} 0 L${x} ${MAP_HEIGHT}`, 8, '#ffffff')),
    ...streetsAlong(MAP_HEIGHT, random).map((y) => road(`M0 ${y} L${WIDTH} ${y}`, 8, '#ffffff')),
  ].join('')
  const caption = [
    `<text x="24" y="${MAP_HEIGHT + 30}" font-family="${FONT}" font-size="18" font-weight="700" fill="#1f2a36">${escapeMarkup(facts.header)}</text>`,
    ...wrap(facts.address, CAPTION_LINE_CHARS, 2).map(
      (line, index) => `<text x="24" y="${MAP_HEIGHT + 54 + index * 18}" font-family="${FONT}" font-size="14" fill="#3b4754">${escapeMarkup(line)}</text>`,
    ),
    `<text x="24" y="${MAP_HEIGHT + 90}" font-family="${FONT}" font-size="13" fill="#5f6b78">${escapeMarkup(facts.schedule)}</text>`,
  ].join('\n  ')
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="Схема проезда: ${escapeMarkup(facts.address)}">
  <rect width="${WIDTH}" height="${MAP_HEIGHT}" fill="#eef0ea"/>
  <rect x="${park.x}" y="${park.y}" width="${park.w}" height="${park.h}" rx="10" fill="#cfe6c4"/>
  <path d="M0 ${riverY} C160 ${riverY - 40} 320 ${riverY + 50} ${WIDTH} ${riverY + 10}" fill="none" stroke="#a9cfe8" stroke-width="18"/>
  ${streets}
  ${road(`M0 ${MARKER.y + 60 - highwayTilt} L${WIDTH} ${MARKER.y + 60 + highwayTilt}`, 14, '#f6d57b')}
  <rect x="${MARKER.x - 34}" y="${MARKER.y + 6}" width="68" height="34" rx="3" fill="#8d99a6"/>
  <path d="M${MARKER.x} ${MARKER.y} c-14 -18 -22 -28 -22 -40 a22 22 0 0 1 44 0 c0 12 -8 22 -22 40 z" fill="#d9443a" stroke="#ffffff" stroke-width="2"/>
  <circle cx="${MARKER.x}" cy="${MARKER.y - 40}" r="8" fill="#ffffff"/>
  <rect y="${MAP_HEIGHT}" width="${WIDTH}" height="${HEIGHT - MAP_HEIGHT}" fill="#ffffff"/>
  <line x1="0" y1="${MAP_HEIGHT}" x2="${WIDTH}" y2="${MAP_HEIGHT}" stroke="#d5dae0"/>
  ${caption}
</svg>
`
}
