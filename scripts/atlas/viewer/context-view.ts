/** Shows a context as pretty JSON in `pre`, the lines of the changed top-level keys marked. */
export function showContext(pre: HTMLElement, context: unknown, changed: readonly string[]): void {
  pre.replaceChildren()
  if (context === undefined) {
    pre.textContent = 'Not recorded (a format-1 journal keeps states only).'
    return
  }
  if (context === null || typeof context !== 'object' || Array.isArray(context)) {
    pre.textContent = JSON.stringify(context, null, 2)
    return
  }
  const keys = Object.keys(context)
  pre.append('{\n')
  keys.forEach((key, index) => {
    const value = JSON.stringify((context as Record<string, unknown>)[key], null, 2) ?? 'undefined'
    const line = `  ${JSON.stringify(key)}: ${value.replace(/\n/g, '\n  ')}${index < keys.length - 1 ? ',' : ''}`
    if (changed.includes(key)) {
      const mark = document.createElement('mark')
      mark.className = 'changed'
      mark.dataset.key = key
      mark.textContent = line
      pre.append(mark, '\n')
    } else pre.append(`${line}\n`)
  })
  pre.append('}')
}
