import { mermaidDiagram, mermaidIds, nameOf } from '../machine-diagram'
import { stateNodesOf } from '../machine-graph'
import { page } from './html'
import type { MachineEntry } from './machine-page'
import { VIEWER_MACHINES_ELEMENT, type ViewerMachine } from './viewer/viewer-data'

/** The viewer's script, bundled by `npm run atlas` (viewer-bundle.ts). */
export const VIEWER_SCRIPT = 'journal-viewer.js'

function viewerMachines(entries: MachineEntry[]): Record<string, ViewerMachine> {
  return Object.fromEntries(
    entries.map(({ machine }) => {
      const ids = mermaidIds(machine)
      const nodes = Object.fromEntries(stateNodesOf(machine).map((node) => [nameOf(node), ids.get(node)!]))
      return [machine.id, { diagram: mermaidDiagram(machine), nodes }]
    }),
  )
}

/** JSON inside a script element: no '<' that could close it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * reports/atlas/journal.html: load a journal exported from the profile, pick one of its actors and
 * step through its events on the machine's diagram. Its parts are filled in by the viewer's script.
 */
export function journalPage(entries: MachineEntry[]): string {
  const body = `<header><a href="index.html">← Workflow atlas</a></header>
<main class="viewer">
<h1>Journal viewer</h1>
<p>Open a journal exported from the cabinet's profile page («Скачать журнал»): step through each actor's events on its machine's diagram.
The file is read in this page only; nothing is sent anywhere.</p>
<section class="journal-load" aria-labelledby="load-heading">
<h2 id="load-heading">Journal file</h2>
<p><label for="journal-file">Choose a journal file</label> <input type="file" id="journal-file" accept=".json,application/json"></p>
<div class="drop-zone" id="drop-zone">or drop the file here</div>
<p id="load-status" role="status"></p>
<p id="load-error" class="missing" role="alert"></p>
</section>
<section id="older-build" class="older-build" aria-labelledby="older-build-heading" hidden>
<h2 id="older-build-heading">Journal from an older build</h2>
<ul id="older-build-list"></ul>
</section>
<section id="actors" aria-labelledby="actors-heading" hidden>
<h2 id="actors-heading">Actors</h2>
<div class="table-scroll"><table><caption class="visually-hidden">The journal's actors</caption>
<thead><tr><th>Actor</th><th>Machine</th><th>Parent</th><th>Events</th><th>Replay</th><th><span class="visually-hidden">Choose</span></th></tr></thead>
<tbody id="actor-rows"></tbody></table></div>
</section>
<section id="stepper" aria-labelledby="stepper-heading" hidden>
<h2 id="stepper-heading"></h2>
<p id="actor-note" class="older-build" hidden></p>
<div class="step-controls" role="group" aria-label="Steps (keys ← → Home End)">
<button type="button" id="step-first">First</button>
<button type="button" id="step-previous">← Previous</button>
<button type="button" id="step-next">Next →</button>
<button type="button" id="step-last">Last</button>
</div>
<p id="step-status" class="step-status" role="status"></p>
<dl class="step-facts">
<dt>Event</dt><dd id="step-event"></dd>
<dt>Time</dt><dd id="step-time"></dd>
<dt>Since the previous event</dt><dd id="step-since"></dd>
<dt>State</dt><dd id="step-state"></dd>
</dl>
<p id="step-departure" class="departure" hidden></p>
<div class="viewer-panes">
<div><h3>Diagram</h3><div id="diagram" class="viewer-diagram"></div></div>
<div><h3>Context after the event</h3><p id="context-changed" class="changed-note"></p><pre id="context" class="context"></pre></div>
</div>
<h3>Events</h3>
<ol id="step-list" class="step-list"></ol>
</section>
</main>
<script type="application/json" id="${VIEWER_MACHINES_ELEMENT}">${scriptJson(viewerMachines(entries))}</script>`
  return page('Journal viewer', body, { scripts: ['mermaid.min.js', VIEWER_SCRIPT] })
}
