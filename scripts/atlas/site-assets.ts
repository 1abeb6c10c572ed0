/**
 * The atlas's own script: renders the diagram with the bundled Mermaid at load, then lights the
 * diagram's nodes of the state or transition the address (#state-…, #t-…) or the pointer names.
 * Mermaid names a state's node `…-state-<id>-<n>`; the rows carry the ids as data-node.
 */
export const ATLAS_SCRIPT = `'use strict'
;(async function () {
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' })
  try {
    await mermaid.run({ querySelector: 'pre.mermaid' })
    document.body.dataset.diagram = 'rendered'
  } catch (error) {
    document.body.dataset.diagram = 'failed'
    const note = document.createElement('p')
    note.className = 'diagram-error'
    note.textContent = 'The diagram could not be rendered: ' + (error && error.message ? error.message : error)
    document.querySelector('pre.mermaid').after(note)
  }
  function light(ids) {
    for (const node of document.querySelectorAll('svg .lit')) node.classList.remove('lit')
    const wanted = new RegExp('-state-(' + ids.join('|') + ')-\\\\d+$')
    for (const node of document.querySelectorAll('svg g.node[id]')) if (ids.length && wanted.test(node.id)) node.classList.add('lit')
  }
  function lightTarget() {
    const row = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null
    light(row && row.dataset.node ? row.dataset.node.split(' ') : [])
  }
  window.addEventListener('hashchange', lightTarget)
  lightTarget()
  document.addEventListener('mouseover', function (event) {
    const row = event.target.closest && event.target.closest('[data-node]')
    if (row && row.dataset.node) light(row.dataset.node.split(' '))
  })
})()
`

export const ATLAS_STYLES = `:root { font: 15px/1.45 system-ui, sans-serif; color: #1d2433; }
body { margin: 0; }
header { padding: 10px 24px; background: #1d3557; }
header a { color: #fff; }
main { padding: 8px 24px 48px; max-width: 1200px; }
h1 { margin: 12px 0 4px; }
table { border-collapse: collapse; width: 100%; margin: 8px 0 24px; font-size: 14px; }
th, td { border: 1px solid #d5dae3; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #eef1f6; }
tr:target { background: #fff3c4; }
li.case:target { background: #fff3c4; }
small { color: #5c6578; }
.named, .badge { color: #8a4b00; }
.badge { font-size: 12px; border: 1px solid #c98a3a; border-radius: 8px; padding: 0 6px; margin-left: 6px; white-space: nowrap; }
.missing, .diagram-error { color: #a11; }
pre.mermaid { overflow-x: auto; background: #fafbfd; border: 1px solid #d5dae3; padding: 8px; }
svg .lit rect, svg .lit path, svg .lit circle { stroke: #e76f00 !important; stroke-width: 3px !important; fill: #ffe2b8 !important; }
.cases h3 { font-size: 15px; margin: 14px 0 4px; }
.covers { font-size: 13px; color: #5c6578; margin: 2px 0; }
.table-scroll { overflow-x: auto; }
@media (max-width: 600px) { main { padding: 8px 10px 32px; } th, td { padding: 3px 4px; } table { font-size: 12px; } }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.viewer button { font: inherit; padding: 4px 12px; min-height: 36px; }
.drop-zone { border: 2px dashed #9aa5b8; border-radius: 8px; padding: 20px; text-align: center; color: #5c6578; }
.drop-zone.dragging { border-color: #1d3557; background: #eef1f6; }
.older-build { background: #fff3c4; border-left: 4px solid #c98a3a; padding: 4px 12px; }
tr.departs td, li.departs, .departure { color: #a11; }
.departure { font-weight: 600; }
.step-controls { display: flex; flex-wrap: wrap; gap: 8px; }
.step-status { font-weight: 600; }
.step-facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 12px; margin: 0; }
.step-facts dt { color: #5c6578; }
.step-facts dd { margin: 0; overflow-wrap: anywhere; }
.viewer-panes { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 16px; }
.viewer-diagram { overflow-x: auto; background: #fafbfd; border: 1px solid #d5dae3; padding: 8px; }
.viewer-diagram svg { max-width: 100%; height: auto; }
pre.context { overflow: auto; max-height: 70vh; background: #fafbfd; border: 1px solid #d5dae3; padding: 8px; font-size: 13px; }
pre.context mark.changed { background: #ffe2b8; }
.step-list { max-height: 320px; overflow-y: auto; font-size: 14px; }
.step-list button { min-height: 28px; padding: 2px 8px; text-align: left; overflow-wrap: anywhere; }
.step-list button[aria-current] { font-weight: 700; background: #ffe2b8; }
@media (max-width: 800px) { .viewer-panes { grid-template-columns: minmax(0, 1fr); } }
@media print {
  header, nav.toc, a[download] { display: none; }
  main { max-width: none; padding: 0; }
  a { color: inherit; text-decoration: none; }
  li.case { break-inside: avoid; }
  pre.mermaid { border: 0; }
}
`
