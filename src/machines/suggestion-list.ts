import type { Suggestion } from '../contract/suggestions'

/** No option is highlighted: the arrows have not moved yet, or the list was closed. */
export const NO_HIGHLIGHT = -1

/**
 * The option an arrow key moves to among `count` options: from none (-1) ArrowDown goes to the first
 * and ArrowUp to the last; past either end it wraps round. With no options nothing is highlighted.
 */
export function stepHighlight(count: number, index: number, step: 1 | -1): number {
  if (count === 0) return NO_HIGHLIGHT
  if (index === NO_HIGHLIGHT && step < 0) return count - 1
  return (index + step + count) % count
}

/**
 * The suggestion listbox under a field, written once (ARCHITECTURE §3: repeated shapes are one
 * piece): the address form's and the consignee form's `list` region. The machine spreads it
 * into a parallel `editing` state and brings, in its `setup()`, the guards `hasSuggestions` and
 * `isOptionHighlighted` and the actions `storeSuggestions`, `resetSuggestions`,
 * `storeHighlightStep`, `applySuggestion` and `stopSuggesting`; the texts say which field it is.
 */

/** What `setup()` returns, as far as this factory needs it. */
interface MachineSetup {
  createStateConfig: (config: never) => unknown
}

/** A state node config typed for the machine of `TSetup`. */
type StateConfigOf<TSetup extends MachineSetup> = Parameters<TSetup['createStateConfig']>[0]

export interface SuggestionListTexts {
  /** e.g. 'The suggestion listbox under the address field' */
  description: string
  /** what a chosen suggestion does, e.g. 'it fills the address and the postal index' */
  fills: string
  /** where a choice goes: the list closes (and, for a form with messages, its own target too) */
  chosen: string | string[]
  /** the machine's own actions after a choice (the complaint keeps its entries) */
  also?: readonly (string | { type: string; params: (args: never) => unknown })[]
}

const suggestionsParams = ({ event }: { event: { suggestions: Suggestion[] } }) => ({ suggestions: event.suggestions })

/** The region's config; its two state names stay literal, so the machine's state value type keeps them. */
type SuggestionListConfig<TSetup extends MachineSetup> = StateConfigOf<TSetup> & {
  states: { closed: StateConfigOf<TSetup>; open: StateConfigOf<TSetup> }
}

export function suggestionList<TSetup extends MachineSetup>(machineSetup: TSetup, texts: SuggestionListTexts): SuggestionListConfig<TSetup> {
  const config = {
    description: texts.description,
    initial: 'closed',
    on: {
      'suggestions.found': [
        {
          guard: { type: 'hasSuggestions', params: suggestionsParams },
          target: '.open',
          description: 'The stream found suggestions for the text: the list opens',
          actions: { type: 'storeSuggestions', params: suggestionsParams },
        },
        { target: '.closed', description: 'None for the text (or it is shorter than 3 characters): no list' },
      ],
    },
    states: {
      closed: { description: 'No list', entry: 'resetSuggestions' },
      open: {
        description: 'The suggestions (role=listbox); arrows move, Enter or a click chooses, Escape closes',
        on: {
          'list.move': {
            description: 'ArrowDown / ArrowUp: the next or previous suggestion, round at either end',
            actions: { type: 'storeHighlightStep', params: ({ event }: { event: { step: 1 | -1 } }) => ({ step: event.step }) },
          },
          'list.pick': {
            guard: 'isOptionHighlighted',
            target: texts.chosen,
            description: `Enter on the highlighted suggestion: ${texts.fills}`,
            actions: [
              { type: 'applySuggestion', params: ({ context }: { context: { highlighted: number } }) => ({ index: context.highlighted }) },
              'stopSuggesting',
              ...(texts.also ?? []),
            ],
          },
          'suggestion.choose': {
            target: texts.chosen,
            description: `The dealer clicks a suggestion: ${texts.fills}`,
            actions: [
              { type: 'applySuggestion', params: ({ event }: { event: { index: number } }) => ({ index: event.index }) },
              'stopSuggesting',
              ...(texts.also ?? []),
            ],
          },
          'list.close': { target: 'closed', description: 'Escape or leaving the field: the list closes, the text stays' },
        },
      },
    },
  }
  return machineSetup.createStateConfig(config as never) as SuggestionListConfig<TSetup>
}
