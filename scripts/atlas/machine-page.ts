import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { eventLabel, invokeLabel, mermaidDiagram, mermaidIds, nameOf } from '../machine-diagram'
import { actionLabel, allTransitions, guardLabel, invokesOf, stateNodesOf, targetsOf } from '../machine-graph'
import type { WordedCase } from './case-wording'
import { csvLine, escapeHtml, page } from './html'
import type { BrowserReplay } from './workflows'

/** From reports/atlas/ to the repository root, for links to source files. */
const REPO = '../..'

export interface MachineCoverage {
  states: { covered: number; total: number; missing: string[] }
  transitions: { covered: number; total: number; missing: string[] }
}

export interface MachineEntry {
  machine: AnyStateMachine
  /** the machine file, from the repository root */
  file: string
  /** line of each invoked `src` in the file */
  invokeLines: Map<string, number>
  /** undefined: the model tests have not recorded this machine's paths */
  cases?: WordedCase[]
  /** undefined: not measured (reports/path-coverage.json has no entry) */
  coverage?: MachineCoverage
  named?: { name: string; replay: BrowserReplay }
}

const stateAnchor = (node: AnyStateNode) => `state-${nameOf(node)}`
const stateLink = (node: AnyStateNode, ids: Map<AnyStateNode, string>) =>
  `<a href="#${escapeHtml(stateAnchor(node))}" data-node="${ids.get(node) ?? ''}"><code>${escapeHtml(nameOf(node))}</code></a>`

/** How a case is replayed in the browser, in words. */
function replayNote(replay: BrowserReplay | undefined): string {
  if (!replay) return 'no browser replay (not a named workflow)'
  return replay.replays === 'every'
    ? `replayed in the browser by ${replay.spec} (every generated path)`
    : `${replay.spec} replays the walkable subset browserPaths() picks with its own server data; per-case replay not computed here`
}

export function casesCsv(entries: MachineEntry[]): string {
  const header = csvLine(['Machine', 'Case', 'Step', 'What happens', 'Reaches', 'Covers', 'Browser replay'])
  const rows = entries.flatMap((e) =>
    (e.cases ?? []).flatMap((c) =>
      c.steps.map((step, i) =>
        csvLine([e.machine.id, c.number, i + 1, step, c.reaches, c.covers.map((t) => t.label).join('; '), replayNote(e.named?.replay)]),
      ),
    ),
  )
  return header + rows.join('')
}

const fraction = ({ covered, total }: { covered: number; total: number }) => `${covered}/${total} (${total ? Math.floor((covered / total) * 100) : 100}%)`

export function coverageText(coverage: MachineCoverage | undefined): string {
  return coverage ? `states ${fraction(coverage.states)}, transitions ${fraction(coverage.transitions)}` : 'not measured'
}

function invokesCell(entry: MachineEntry, node: AnyStateNode): string {
  return invokesOf(node)
    .map((invoke) => {
      const line = entry.invokeLines.get(invoke.src)
      const label = escapeHtml(invokeLabel(invoke))
      return line ? `<a href="${REPO}/${entry.file}" title="${entry.file}:${line}">${label}</a> <small>${entry.file}:${line}</small>` : label
    })
    .join('<br>')
}

function statesTable(entry: MachineEntry, ids: Map<AnyStateNode, string>): string {
  const rows = stateNodesOf(entry.machine).map(
    (node) => `<tr id="${escapeHtml(stateAnchor(node))}" data-node="${ids.get(node)}">
<td>${stateLink(node, ids)}</td><td>${node.type}</td><td>${escapeHtml(node.description ?? '')}</td><td>${invokesCell(entry, node)}</td><td>${escapeHtml([...(node.tags as string[])].join(', '))}</td></tr>`,
  )
  return `<h2 id="states">States</h2>
<table class="states"><thead><tr><th>State</th><th>Type</th><th>Description</th><th>Invokes (source)</th><th>Tags</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`
}

function transitionsTable(entry: MachineEntry, ids: Map<AnyStateNode, string>): string {
  const { machine } = entry
  const rows = allTransitions(machine).map((t, index) => {
    const nodes = [t.source, ...targetsOf(t)].map((n) => ids.get(n)).join(' ')
    return `<tr id="t-${index}" data-node="${nodes}">
<td><a href="#t-${index}">${index + 1}</a></td><td>${stateLink(t.source, ids)}</td><td>${escapeHtml(eventLabel(machine, t))}</td><td>${escapeHtml(guardLabel(t.guard) ?? '')}</td>
<td>${targetsOf(t)
      .map((n) => stateLink(n, ids))
      .join(', ')}</td><td>${escapeHtml(t.actions.map(actionLabel).join(', '))}</td><td>${escapeHtml(t.description ?? '')}</td></tr>`
  })
  return `<h2 id="transitions">Transitions</h2>
<table class="transitions"><thead><tr><th>#</th><th>Source</th><th>Event</th><th>Guard</th><th>Target</th><th>Actions</th><th>Description</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`
}

function casesSection(entry: MachineEntry): string {
  const { machine } = entry
  const heading = `<h2 id="cases">Generated test cases</h2>
<p>Coverage of the model tests' replays: <strong class="coverage">${coverageText(entry.coverage)}</strong>.
${entry.coverage ? '' : 'The model tests write it to reports/path-coverage.json (<code>npx vitest run --project model</code>).'}</p>
<p>Browser: ${escapeHtml(replayNote(entry.named?.replay))}. <a href="${machine.id}.cases.csv" download>Export the cases as CSV</a></p>`
  if (!entry.cases) {
    return `${heading}<p class="missing">No generated cases recorded yet: the model tests record them in reports/path-cases.json
(<code>npx vitest run --project model</code>); then run <code>npm run atlas</code> again.</p>`
  }
  const cases = entry.cases.map(
    (c) => `<li class="case" id="case-${c.number}">
<h3>Case ${c.number}: reaches <code>${escapeHtml(c.reaches)}</code></h3>
<ol class="steps">${c.steps.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol>
<p class="covers">Covers: ${c.covers.map((t) => `<a href="#t-${t.index}">${escapeHtml(t.label)}</a>`).join('; ') || 'the initial state only'}</p>
</li>`,
  )
  return `${heading}<ol class="cases">${cases.join('\n')}</ol>`
}

export function machinePage(entry: MachineEntry): string {
  const { machine } = entry
  const ids = mermaidIds(machine)
  const named = entry.named
    ? `<p class="named">Named workflow: <strong>${escapeHtml(entry.named.name)}</strong> — browser replay in <a href="${REPO}/${entry.named.replay.spec}">${entry.named.replay.spec}</a></p>`
    : ''
  const body = `<header><a href="index.html">← Workflow atlas</a></header>
<main>
<h1>${escapeHtml(machine.id)}</h1>
<p>${escapeHtml(machine.root.description ?? '')}</p>
<p>Source: <a href="${REPO}/${entry.file}">${entry.file}</a></p>
${named}
<nav class="toc"><a href="#diagram">Diagram</a> · <a href="#states">States</a> · <a href="#transitions">Transitions</a> · <a href="#cases">Test cases</a></nav>
<h2 id="diagram">Diagram</h2>
<pre class="mermaid">${escapeHtml(mermaidDiagram(machine))}</pre>
${statesTable(entry, ids)}
${transitionsTable(entry, ids)}
${casesSection(entry)}
</main>`
  return page(machine.id, body, { scripts: ['mermaid.min.js', 'atlas.js'] })
}
