import { escapeHtml, page } from './html'
import { coverageText, type MachineEntry } from './machine-page'
import { NAMED_WORKFLOWS, WORKFLOW_GROUPS } from './workflows'

const firstSentence = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(?<=[.!?])\s.*$/, '')

function machineRow(entry: MachineEntry): string {
  const { machine, named } = entry
  const badge = named ? `<span class="badge" title="named workflow">${escapeHtml(named.name)}</span>` : ''
  const cases = entry.cases ? String(entry.cases.length) : 'not recorded'
  return `<tr><td><a href="${machine.id}.html">${machine.id}</a>${badge}</td><td>${escapeHtml(firstSentence(machine.root.description ?? ''))}</td><td>${cases}</td><td>${coverageText(entry.coverage)}</td></tr>`
}

/** The atlas's start page: the machines by workflow, the six named ones marked, the CSV of every case. */
export function indexPage(entries: MachineEntry[]): string {
  const byId = new Map(entries.map((e) => [e.machine.id, e]))
  const grouped = new Set(WORKFLOW_GROUPS.flatMap((g) => g.machines))
  const groups = [...WORKFLOW_GROUPS, { title: 'Other', machines: entries.map((e) => e.machine.id).filter((id) => !grouped.has(id)) }]
  const sections = groups
    .map((g) => ({ title: g.title, rows: g.machines.flatMap((id) => byId.get(id) ?? []) }))
    .filter((g) => g.rows.length)
    .map(
      (g) => `<h2>${escapeHtml(g.title)}</h2>
<div class="table-scroll"><table><thead><tr><th>Machine</th><th>What it does</th><th>Test cases</th><th>Coverage (model tests)</th></tr></thead>
<tbody>${g.rows.map(machineRow).join('\n')}</tbody></table></div>`,
    )
  const named = NAMED_WORKFLOWS.map(
    (w) =>
      `<li><strong>${escapeHtml(w.name)}</strong>: ${Object.keys(w.machines)
        .map((id) => `<a href="${id}.html">${id}</a>`)
        .join(', ')}</li>`,
  ).join('\n')
  const body = `<header><a href="index.html">Workflow atlas</a></header>
<main>
<h1>Workflow atlas</h1>
<p>Every state machine of the dealer cabinet: its diagram, its states and transitions, and the test cases generated from it.
Built by <code>npm run atlas</code> from the machine definitions and the model tests' records.</p>
<p><a href="all-cases.csv" download>Export every test case as CSV</a></p>
<p><a href="journal.html">Journal viewer</a>: step through a journal exported from the profile page on the machines' diagrams.</p>
<h2>The six named workflows</h2>
<ul>${named}</ul>
${sections.join('\n')}
</main>`
  return page('Workflow atlas', body)
}
