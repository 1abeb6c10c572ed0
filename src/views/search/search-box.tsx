import { useActorRef, useSelector } from '@xstate/react'
import type { FormEvent, KeyboardEvent } from 'react'
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components'
import { CATALOGUE_DEFAULTS } from '../../contract/catalogue'
import { SEARCH_MESSAGES, type AutocompleteItem } from '../../contract/search'
import { SEARCH_AUTOCOMPLETE_MESSAGES } from '../../machines/search-autocomplete.machine'
import { useAppDeps } from '../app-deps'
import { useInitData } from '../layout/shell-context'
import { ProductCardDialog } from '../product/product-card-dialog'
import { Button } from '../ui/button'
import styles from './search-box.module.css'

const SEARCH_LABEL = 'Поиск товаров'

/**
 * The header's search field: a react-aria ComboBox (arrows move through the suggestions, Enter
 * on one opens its product card, Escape closes the list). Enter with no suggestion highlighted,
 * or "Найти", submits the keyword.
 */
export function SearchBox() {
  const search = useActorRef(useAppDeps().machines.searchAutocomplete)
  const state = useSelector(search, (snapshot) => String(snapshot.value))
  const { keyword, suggestions, errorMessage, productId } = useSelector(search, (snapshot) => snapshot.context)
  const { selectedContract } = useInitData()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    search.send({ type: 'search.submit' })
  }
  // the ComboBox handles Enter on a highlighted suggestion (its onAction) and keeps the form
  // from submitting while the list is open; with nothing highlighted, Enter is a search
  const submitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.currentTarget.getAttribute('aria-activedescendant')) return
    event.preventDefault()
    search.send({ type: 'search.submit' })
  }

  const listMessage: Record<string, string | null> = {
    tooShort: SEARCH_MESSAGES.tooShort,
    debouncing: SEARCH_AUTOCOMPLETE_MESSAGES.searching,
    loading: SEARCH_AUTOCOMPLETE_MESSAGES.searching,
    noResults: SEARCH_AUTOCOMPLETE_MESSAGES.noResults,
    failed: errorMessage,
  }

  return (
    <form role="search" className={styles.form} onSubmit={submit}>
      <ComboBox
        className={styles.combo}
        inputValue={keyword}
        onInputChange={(value) => search.send({ type: 'search.type', keyword: value })}
        items={suggestions}
        allowsCustomValue
        allowsEmptyCollection
        menuTrigger="input"
      >
        <Label className={styles.hidden}>{SEARCH_LABEL}</Label>
        <Input className={styles.input} placeholder="Название или артикул" onKeyDown={submitOnEnter} />
        <Popover className={styles.popover} placement="bottom start">
          <ListBox
            className={styles.list}
            renderEmptyState={() => <div className={state === 'failed' ? styles.failure : styles.message}>{listMessage[state]}</div>}
          >
            {(item: AutocompleteItem) => (
              <ListBoxItem
                id={item.id}
                textValue={item.header}
                className={styles.option}
                onAction={() => search.send({ type: 'search.choose', productId: item.id })}
              >
                <span className={styles.header}>{item.header}</span>
                <span className={styles.meta}>
                  {item.articul} · {item.brand.header}
                </span>
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <Button type="submit">Найти</Button>
      {state === 'tooShort' ? (
        <span className={styles.hint} role="status">
          {SEARCH_MESSAGES.tooShort}
        </span>
      ) : null}
      {productId !== null ? (
        <ProductCardDialog
          productId={productId}
          contract={selectedContract}
          warehouse={CATALOGUE_DEFAULTS.warehouse}
          onClose={() => search.send({ type: 'card.close' })}
        />
      ) : null}
    </form>
  )
}
