import { useSelector } from '@xstate/react'
import { useId, type FormEvent, type KeyboardEvent } from 'react'
import { SEARCH_MESSAGES } from '../../contract/search'
import {
  activeOption,
  highlightedIndex,
  isHintShown,
  isListOpen,
  listMessageKind,
  listMessageText,
  openProductCard,
  visibleOptions,
} from '../../machines/search-autocomplete.selectors'
import type { SearchAutocompleteActor } from '../../machines/search-autocomplete.machine'
import { useInitData, useSelectedWarehouse } from '../layout/shell-context'
import { ProductCardSlot } from '../product/product-card-slot'
import { Button } from '../ui/button'
import styles from './search-box.module.css'
import { SEARCH_LABEL, SEARCH_PLACEHOLDER, SEARCH_SUBMIT } from './search-texts'

/**
 * The header's search field (loaded apart from the first load: search-box.tsx), an ARIA 1.2 combobox on a native input (no overlay library: it is
 * on every screen). Arrows move through the suggestions, Enter on one opens its product card,
 * Escape closes the list; Enter with nothing highlighted, or "Найти", submits the keyword.
 * The highlighted option, the dismissed list and the focus are the machine's; the view reads them.
 */
export default function SearchCombobox({ search }: { search: SearchAutocompleteActor }) {
  const keyword = useSelector(search, (snapshot) => snapshot.context.keyword)
  const open = useSelector(search, isListOpen)
  const options = useSelector(search, visibleOptions)
  const highlighted = useSelector(search, highlightedIndex)
  const active = useSelector(search, activeOption)
  const messageKind = useSelector(search, listMessageKind)
  const message = useSelector(search, listMessageText)
  const hintShown = useSelector(search, isHintShown)
  const card = useSelector(search, openProductCard)
  const ids = { label: useId(), list: useId(), option: useId() }
  // a chosen product's card opens under the selected contract, at the warehouse the dealer works from
  const offer = { contract: useInitData().selectedContract, warehouse: useSelectedWarehouse().id }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    search.send({ type: 'search.submit' })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      search.send({ type: 'list.move', step: event.key === 'ArrowDown' ? 1 : -1 })
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      search.send({ type: 'list.close' })
    } else if (event.key === 'Enter') {
      // the machine opens the highlighted option's card, or submits as "Найти" does
      event.preventDefault()
      search.send({ type: 'list.pick', offer })
    }
  }

  return (
    <>
      <form role="search" className={styles.form} onSubmit={submit}>
        <div className={styles.combo}>
          <label id={ids.label} className={styles.hidden} htmlFor={`${ids.list}-input`}>
            {SEARCH_LABEL}
          </label>
          <input
            id={`${ids.list}-input`}
            className={styles.input}
            type="text"
            role="combobox"
            autoComplete="off"
            placeholder={SEARCH_PLACEHOLDER}
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={ids.list}
            aria-activedescendant={active ? `${ids.option}-${active.id}` : undefined}
            value={keyword}
            onChange={(event) => search.send({ type: 'search.type', keyword: event.target.value })}
            onKeyDown={onKeyDown}
            onFocus={() => search.send({ type: 'field.focus' })}
            onBlur={() => search.send({ type: 'field.blur' })}
          />
          <div className={styles.popover} hidden={!open}>
            <ul id={ids.list} role="listbox" aria-labelledby={ids.label} className={styles.list} hidden={options.length === 0}>
              {options.map((item, index) => (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard chooses through the field (aria-activedescendant)
                <li
                  key={item.id}
                  id={`${ids.option}-${item.id}`}
                  role="option"
                  aria-selected={index === highlighted}
                  className={styles.option}
                  // keeps focus in the field, so the click is not lost to its blur
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => search.send({ type: 'search.choose', productId: item.id, offer })}
                >
                  <span className={styles.header}>{item.header}</span>
                  <span className={styles.meta}>
                    {item.articul} · {item.brand.header}
                  </span>
                </li>
              ))}
            </ul>
            {message ? (
              <div className={messageKind === 'failed' ? styles.failure : styles.message} role="status">
                {message}
              </div>
            ) : null}
          </div>
        </div>
        <Button type="submit">{SEARCH_SUBMIT}</Button>
        {hintShown ? (
          <span className={styles.hint} role="status">
            {SEARCH_MESSAGES.tooShort}
          </span>
        ) : null}
      </form>
      {/* outside the search form: React events from the card's own forms ("В корзину") bubble
          through the portal to their React parents, and must not submit the search */}
      <ProductCardSlot owner={search} card={card} onClose={() => search.send({ type: 'card.close' })} />
    </>
  )
}
