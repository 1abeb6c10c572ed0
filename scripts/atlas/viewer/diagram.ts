import type { ViewerMachine } from './viewer-data'

interface Mermaid {
  initialize(config: Record<string, unknown>): void
  render(id: string, text: string): Promise<{ svg: string }>
}

/** Mermaid's browser bundle, loaded by the page before the viewer's script. */
const mermaid = () => (window as unknown as { mermaid: Mermaid }).mermaid

let initialized = false
let renders = 0

/** Renders a machine's diagram into `host`; a failure is said in the page. */
export async function renderDiagram(host: HTMLElement, machine: ViewerMachine): Promise<void> {
  if (!initialized) mermaid().initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' })
  initialized = true
  renders += 1
  try {
    const { svg } = await mermaid().render(`journal-diagram-${renders}`, machine.diagram)
    host.innerHTML = svg
    host.dataset.diagram = 'rendered'
  } catch (error) {
    host.textContent = `The diagram could not be rendered: ${error instanceof Error ? error.message : String(error)}`
    host.dataset.diagram = 'failed'
  }
}

/**
 * Lights the nodes of the given state paths, as the machine pages do: Mermaid names a state's node
 * `…-state-<id>-<n>`, and the lit ones get the class `lit` (atlas.css).
 */
export function lightStates(host: HTMLElement, machine: ViewerMachine, paths: readonly string[]): void {
  for (const node of host.querySelectorAll('svg .lit')) node.classList.remove('lit')
  const ids = paths.flatMap((path) => machine.nodes[path] ?? [])
  if (ids.length === 0) return
  const wanted = new RegExp(`-state-(${ids.join('|')})-\\d+$`)
  for (const node of host.querySelectorAll('svg g.node[id]')) if (wanted.test(node.id)) node.classList.add('lit')
}
