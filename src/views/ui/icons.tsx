import type { ReactNode, SVGProps } from 'react'

/**
 * Inline SVG icons: drawn the same on every system, unlike text glyphs (☆ ✔ ＋) that a font
 * without them shows as an empty box. Each is decorative (aria-hidden); the control it sits in
 * carries the text label screen readers read.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number }

function Icon({ size = 16, children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}

const STAR = 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z'

/** A star: filled when the product is in favourites. */
export function StarIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Icon {...props}>
      <path d={STAR} fill={filled ? 'currentColor' : 'none'} />
    </Icon>
  )
}

/** An icon that is one stroked path. */
function pathIcon(path: string) {
  return function PathIcon(props: IconProps) {
    return (
      <Icon {...props}>
        <path d={path} />
      </Icon>
    )
  }
}

export const CheckIcon = pathIcon('M5 12.5l4.5 4.5L19 7.5')
export const PlusIcon = pathIcon('M12 5v14M5 12h14')
export const CloseIcon = pathIcon('M6 6l12 12M18 6L6 18')
/** Three bars: the menu button of a narrow screen. */
export const MenuIcon = pathIcon('M4 6h16M4 12h16M4 18h16')
/** Funnel: the catalogue filters' button on a narrow screen. */
export const FilterIcon = pathIcon('M4 5h16l-6 7.5V19l-4-2v-4.5z')

type Direction = 'left' | 'right'
const CHEVRON: Record<Direction, string> = { left: 'M15 18l-6-6 6-6', right: 'M9 18l6-6-6-6' }
const CHEVRONS: Record<Direction, string> = { left: 'M11 17l-5-5 5-5M18 17l-5-5 5-5', right: 'M13 17l5-5-5-5M6 17l5-5-5-5' }

/** One chevron: previous (left) or next (right). */
export function ChevronIcon({ direction, ...props }: IconProps & { direction: Direction }) {
  return pathIcon(CHEVRON[direction])(props)
}

/** Chevrons pointing left (collapse) or right (expand). */
export function ChevronsIcon({ direction, ...props }: IconProps & { direction: Direction }) {
  return pathIcon(CHEVRONS[direction])(props)
}

/** A sort mark: one triangle up or down, or both (not sorted). */
export function SortIcon({ order, ...props }: IconProps & { order: 'ascending' | 'descending' | 'none' }) {
  return (
    <Icon size={12} {...props} stroke="none" fill="currentColor">
      {order !== 'descending' ? <path d={order === 'none' ? 'M12 3l6 7H6z' : 'M12 5l8 10H4z'} /> : null}
      {order !== 'ascending' ? <path d={order === 'none' ? 'M12 21l-6-7h12z' : 'M12 19L4 9h16z'} /> : null}
    </Icon>
  )
}
