import { useSelector } from '@xstate/react'
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { CATALOGUE_DEFAULTS } from '../../contract/catalogue'
import { SEARCH_MESSAGES } from '../../contract/search'
import { SEARCH_AUTOCOMPLETE_MESSAGES } from '../../machines/search-autocomplete.machine'
import { useAppDeps, useScreenActor } from '../app-deps'
import { useInitData } from '../layout/shell-context'
import { ProductCardSlot } from '../product/product-card-slot'
import { Button } from '../ui/button'
import styles from './search-box.module.css'

const SEARCH_LABEL = 'Поиск товаров'
const LIST_STATES = new Set(['tooShort', 'debouncing', 'loading', 'suggestions', 'noResults', 'failed'])

/**
 * The header's search field, an ARIA 1.2 combobox on a native input (no overlay library: it is
 * on every screen). Arrows move through the suggestions, Enter on one opens its product card,
 * Escape closes the list; Enter with nothing highlighted, or "Найти", submits the keyword.
 * Which option is highlighted and whether the dealer closed the list are view state only.
 */
export function SearchBox() {
  const search = useScreenActor(useAppDeps().machines.searchAutocomplete)
  const state = useSelector(search, (snapshot) => String(snapshot.value))
  const { keyword, suggestions, errorMessage, productId } = useSelector(search, (snapshot) => snapshot.context)
  const { selectedContract } = useInitData()
  const [highlighted, setHighlighted] = useState(-1)
  const [closed, setClosed] = useState(false)
  const [focused, setFocused] = useState(false)
  const ids = { label: useId(), list: useId(), option: useId() }

  const open = focused && !closed && LIST_STATES.has(state)
  const options = state === 'suggestions' ? suggestions : []
  const active = open ? options[highlighted] : undefined
  const listMessage: Record<string, string | null> = {
    tooShort: SEARCH_MESSAGES.tooShort,
    debouncing: SEARCH_AUTOCOMPLETE_MESSAGES.searching,
    loading: SEARCH_AUTOCOMPLETE_MESSAGES.searching,
    noResults: SEARCH_AUTOCOMPLETE_MESSAGES.noResults,
    failed: errorMessage,
  }

  const choose = (id: number) => search.send({ type: 'search.choose', productId: id })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setClosed(true)
    search.send({ type: 'search.submit' })
  }
  const move = (step: number) => {
    if (options.length === 0) return
    setClosed(false)
    // from the field (-1) ArrowUp goes to the last option; past either end it wraps round
    setHighlighted((index) => (index === -1 && step < 0 ? options.length - 1 : (index + step + options.length) % options.length))
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      move(event.key === 'ArrowDown' ? 1 : -1)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setClosed(true)
      setHighlighted(-1)
    } else if (event.key === 'Enter' && active) {
      event.preventDefault()
      choose(active.id)
    }
  }

  return (
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
          placeholder="Название или артикул"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={ids.list}
          aria-activedescendant={active ? `${ids.option}-${active.id}` : undefined}
          value={keyword}
          onChange={(event) => {
            setClosed(false)
            setHighlighted(-1)
            search.send({ type: 'search.type', keyword: event.target.value })
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
        <div className={styles.popover} hidden={!open}>
          <ul id={ids.list} role="listbox" aria-labelledby={ids.label} className={styles.list} hidden={options.length === 0}>
            {options.map((item, index) => (
              <li
                key={item.id}
                id={`${ids.option}-${item.id}`}
                role="option"
                aria-selected={index === highlighted}
                className={styles.option}
                // keeps focus in the field, so the click is not lost to its blur
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(item.id)}
              >
                <span className={styles.header}>{item.header}</span>
                <span className={styles.meta}>
                  {item.articul} · {item.brand.header}
                </span>
              </li>
            ))}
          </ul>
          {options.length === 0 && listMessage[state] ? (
            <div className={state === 'failed' ? styles.failure : styles.message} role="status">
              {listMessage[state]}
            </div>
          ) : null}
        </div>
      </div>
      <Button type="submit">Найти</Button>
      {state === 'tooShort' && !open ? (
        <span className={styles.hint} role="status">
          {SEARCH_MESSAGES.tooShort}
        </span>
      ) : null}
      {productId !== null ? (
        <ProductCardSlot
          productId={productId}
          contract={selectedContract}
          warehouse={CATALOGUE_DEFAULTS.warehouse}
          onClose={() => search.send({ type: 'card.close' })}
        />
      ) : null}
    </form>
  )
}
