import { cssModuleClassName } from '../../scripts/css-module-names'

/** Text or an attribute's value as HTML writes it. */
export const escaped = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * The class names of a CSS module of src/views, as the build names them (vite.config.ts); each
 * worked out once, not on every page the server draws.
 */
export function classesOf(file: string) {
  const named = new Map<string, string>()
  const nameOf = (name: string) => {
    let className = named.get(name)
    if (className === undefined) {
      className = cssModuleClassName(name, `src/views/${file}.module.css`)
      named.set(name, className)
    }
    return className
  }
  return (...names: string[]) => names.map(nameOf).join(' ')
}

/** An icon as src/views/ui/icons.tsx draws it: one path in a 24-unit box. */
export const icon = (path: string, size: number) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${path}"></path></svg>`
