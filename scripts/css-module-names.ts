import { createHash } from 'node:crypto'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * A CSS module's class name in the page: the class and four characters of its file's hash
 * ("form_k3Xa"). Shorter than Vite's default ("_form_1961v_1"), so the class-name maps every
 * module ships weigh less, and still readable in the browser's tools. The hash is of the path
 * from the project root, so every machine builds the same names.
 */
export function cssModuleClassName(className: string, file: string): string {
  const path = relative(ROOT, file.replace(/\?.*$/, '')).split('\\').join('/')
  return `${className}_${createHash('sha1').update(path).digest('base64url').slice(0, 4)}`
}
