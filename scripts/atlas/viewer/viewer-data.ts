/** What the journal page embeds of each machine for the viewer: its Mermaid diagram and each state's Mermaid id. */
export interface ViewerMachine {
  /** the Mermaid source the machine's own page renders */
  diagram: string
  /** state path ('editing.ready') → Mermaid id ('editing__ready'), for lighting the state's node */
  nodes: Record<string, string>
}

/** The id of the page's JSON script element holding the machines, by machine id. */
export const VIEWER_MACHINES_ELEMENT = 'atlas-machines'
