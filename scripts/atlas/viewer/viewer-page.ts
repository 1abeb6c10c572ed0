import type { AnyStateMachine } from 'xstate'
import { isMachine } from '../../../src/services/journal-recorded'
import { actorSteps, durationText, type ActorStep } from './actor-steps'
import { showContext } from './context-view'
import { lightStates, renderDiagram } from './diagram'
import { readJournalFile } from './journal-file'
import { actorLabel, departureText, departingStep, olderBuildText, replaySummary } from './replay-words'
import { viewJournal, type ViewedActor } from './viewed-actors'
import { VIEWER_MACHINES_ELEMENT, type ViewerMachine } from './viewer-data'

const element = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T

/** The step being shown: the chosen actor, its steps and the index of the one shown. */
interface Showing {
  viewed: ViewedActor
  machine: ViewerMachine | undefined
  steps: ActorStep[]
  index: number
}

const timeText = (iso: string) => iso.replace('T', ' ').replace('Z', ' UTC')

/**
 * The journal viewer (reports/atlas/journal.html): reads a dropped or chosen journal, replays it
 * against the machines it was bundled with (journal-replay.ts, as `npm run journal:replay`), lists
 * the actors, and steps through the chosen one's events on its diagram, by buttons and by the
 * keys ← → Home End.
 */
export function startViewer(modules: readonly Record<string, unknown>[]): void {
  const machines: AnyStateMachine[] = modules.flatMap((module) => Object.values(module).filter(isMachine))
  const diagrams = JSON.parse(element(VIEWER_MACHINES_ELEMENT).textContent ?? '{}') as Record<string, ViewerMachine>
  let showing: Showing | undefined

  function show(index: number) {
    if (!showing) return
    const { steps, machine } = showing
    showing.index = Math.max(0, Math.min(steps.length - 1, index))
    const step = steps[showing.index]!
    const number = showing.index + 1
    const state = JSON.stringify(step.entry.value)
    element('step-event').textContent = step.entry.event.type
    element('step-time').textContent = timeText(step.entry.at)
    element('step-since').textContent = step.sincePrevious === null ? 'the first event' : durationText(step.sincePrevious)
    element('step-state').textContent = state
    const departure = element('step-departure')
    departure.hidden = !step.departure && !step.uncompared
    departure.textContent = step.departure
      ? `This step departs from the machine: ${departureText(step.departure)}.`
      : 'After the departing step: not compared with the machine.'
    element('step-status').textContent =
      `Step ${number} of ${steps.length}: ${step.entry.event.type}, state ${state}${step.departure ? ', departs from the machine' : ''}`
    element('context-changed').textContent = step.changed.length ? `Changed by this event: ${step.changed.join(', ')}` : 'Nothing changed by this event.'
    showContext(element('context'), step.context, step.changed)
    for (const [position, item] of [...element('step-list').children].entries()) {
      const button = item.querySelector('button')!
      if (position === showing.index) button.setAttribute('aria-current', 'step')
      else button.removeAttribute('aria-current')
    }
    element<HTMLButtonElement>('step-first').disabled = element<HTMLButtonElement>('step-previous').disabled = showing.index === 0
    element<HTMLButtonElement>('step-last').disabled = element<HTMLButtonElement>('step-next').disabled = showing.index === steps.length - 1
    if (machine) lightStates(element('diagram'), machine, step.activeStates)
  }

  function stepItem(step: ActorStep, index: number): HTMLLIElement {
    const item = document.createElement('li')
    const button = document.createElement('button')
    button.type = 'button'
    button.textContent = `${step.entry.event.type} → ${JSON.stringify(step.entry.value)}`
    button.addEventListener('click', () => show(index))
    item.append(button)
    if (step.departure) {
      item.classList.add('departs')
      item.append(' ', Object.assign(document.createElement('strong'), { textContent: 'departs from the machine' }))
    }
    return item
  }

  async function choose(viewed: ViewedActor) {
    const machine = diagrams[viewed.replayed.machine]
    const steps = actorSteps(viewed.replayed.entries, viewed.checked)
    showing = { viewed, machine, steps, index: 0 }
    element('stepper').hidden = false
    element('stepper-heading').textContent = actorLabel(viewed.replayed)
    const note = element('actor-note')
    note.hidden = !viewed.olderBuild
    note.textContent = viewed.olderBuild ? `From an older build. ${olderBuildText(viewed)}` : ''
    element('step-list').replaceChildren(...steps.map(stepItem))
    const diagram = element('diagram')
    diagram.replaceChildren()
    show(0)
    element('stepper-heading').scrollIntoView({ block: 'start' })
    element('step-next').focus()
    if (!machine) diagram.textContent = `No machine '${viewed.replayed.machine}' in this atlas.`
    else {
      await renderDiagram(diagram, machine)
      if (showing.viewed === viewed) show(showing.index)
    }
  }

  function actorRow(viewed: ViewedActor): HTMLTableRowElement {
    const { replayed } = viewed
    const row = document.createElement('tr')
    const departs = departingStep(viewed.checked) !== undefined
    if (departs) row.classList.add('departs')
    const cells = [replayed.actor, replayed.machine, replayed.parent ?? '', String(replayed.entries.length), replaySummary(viewed)]
    row.append(...cells.map((text) => Object.assign(document.createElement('td'), { textContent: text })))
    const button = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Step through' })
    button.setAttribute('aria-label', `Step through ${actorLabel(replayed)}`)
    button.addEventListener('click', () => void choose(viewed))
    const cell = document.createElement('td')
    cell.append(button)
    row.append(cell)
    return row
  }

  function load(text: string, fileName: string) {
    const read = readJournalFile(text)
    element('load-error').textContent = 'error' in read ? `${fileName}: ${read.error}` : ''
    if ('error' in read) return
    const viewed = viewJournal(machines, read.journal.entries)
    showing = undefined
    element('stepper').hidden = true
    element('actors').hidden = false
    element('actor-rows').replaceChildren(...viewed.map(actorRow))
    const older = viewed.filter((actor) => actor.olderBuild)
    element('older-build').hidden = older.length === 0
    element('older-build-list').replaceChildren(...older.map((actor) => Object.assign(document.createElement('li'), { textContent: olderBuildText(actor) })))
    const departed = viewed.filter((actor) => departingStep(actor.checked) !== undefined).length
    element('load-status').textContent =
      `${fileName}: ${read.journal.entries.length} entries (format ${read.journal.version}), ${viewed.length} actors, ` +
      `${departed} departing from the machines, ${older.length} from an older build.`
  }

  const loadFile = (file: File | undefined) => void file?.text().then((text) => load(text, file.name))
  const input = element<HTMLInputElement>('journal-file')
  input.addEventListener('change', () => loadFile(input.files?.[0]))
  // a file chosen while the page's scripts were still loading
  loadFile(input.files?.[0])
  const dropZone = element('drop-zone')
  dropZone.addEventListener('dragover', (event) => {
    event.preventDefault()
    dropZone.classList.add('dragging')
  })
  dropZone.addEventListener('dragleave', () => dropZone.classList.remove('dragging'))
  dropZone.addEventListener('drop', (event) => {
    event.preventDefault()
    dropZone.classList.remove('dragging')
    loadFile(event.dataTransfer?.files[0])
  })

  element('step-first').addEventListener('click', () => show(0))
  element('step-previous').addEventListener('click', () => show((showing?.index ?? 0) - 1))
  element('step-next').addEventListener('click', () => show((showing?.index ?? 0) + 1))
  element('step-last').addEventListener('click', () => show(Number.MAX_SAFE_INTEGER))
  const keys: Record<string, (index: number) => number> = {
    ArrowLeft: (index) => index - 1,
    ArrowRight: (index) => index + 1,
    Home: () => 0,
    End: () => Number.MAX_SAFE_INTEGER,
  }
  document.addEventListener('keydown', (event) => {
    const move = keys[event.key]
    const target = event.target as HTMLElement
    if (!move || !showing || event.altKey || event.ctrlKey || event.metaKey || target.closest('input, textarea, select, [contenteditable]')) return
    event.preventDefault()
    show(move(showing.index))
  })
  document.body.dataset.viewer = 'ready'
}
