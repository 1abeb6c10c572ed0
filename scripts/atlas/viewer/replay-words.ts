import type { ReplayedActor } from '../../../src/services/journal-replay'
import type { ViewedActor } from './viewed-actors'

type Departure = NonNullable<ReplayedActor['departure']>

const json = (value: unknown) => JSON.stringify(value) ?? 'nothing'

/** The actor's label: its machine, and its id in the journal. */
export const actorLabel = (actor: ReplayedActor) => `${actor.machine} (${actor.actor})`

/** The step (1-based) where the check departs, or undefined. */
export const departingStep = (actor: ReplayedActor) => (actor.outcome === 'departed' && actor.mismatchAt !== undefined ? actor.mismatchAt + 1 : undefined)

/** What departs at a step, in words. */
export function departureText(departure: Departure): string {
  if (departure.part === 'missing') return `the machine never reaches this step${departure.replay === null ? '' : ` (${json(departure.replay)})`}`
  if (departure.part === 'event')
    return `the machine gets another event here: the journal has ${json(departure.journal)}, the machine ${json(departure.replay)}`
  const what = departure.part === 'value' ? 'the state' : departure.part
  return `${what} differs: the journal recorded ${json(departure.journal)}, the machine computes ${json(departure.replay)}`
}

/** What no longer matches for an actor recorded by another build. */
export function olderBuildText({ replayed, olderBuild, checked }: ViewedActor): string {
  const versions = `${actorLabel(replayed)}: recorded by version ${olderBuild?.recorded}, this atlas has version ${olderBuild?.current}.`
  const step = departingStep(checked)
  if (step !== undefined && checked.departure)
    return `${versions} What no longer matches: step ${step} (${checked.departure.event}), ${departureText(checked.departure)}.`
  if (checked.outcome === 'equal') return `${versions} Its ${replayed.entries.length} events still replay the same on this build.`
  return `${versions} It could not be replayed: ${checked.note ?? checked.outcome}.`
}

/** The replay column of the actors' table. */
export function replaySummary(viewed: ViewedActor): string {
  const { replayed, checked } = viewed
  const step = departingStep(checked)
  const departs = step === undefined ? '' : `departs at step ${step}`
  if (viewed.olderBuild) return `older build${departs ? `, ${departs}` : checked.outcome === 'equal' ? ', still the same' : ''}`
  if (replayed.outcome === 'equal') return 'the same as the machine computes'
  if (replayed.outcome === 'skipped') return `not replayed: ${replayed.note ?? ''}`
  return departs
}
