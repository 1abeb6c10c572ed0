import type { BrandLetter, ExporterBrand } from '../contract/exporter'

/** How the exporter shows the brands: grouped by letter (brands.packed) or one list (brands.raw). */
export type BrandView = 'packed' | 'raw'

/** Whether a brand's name holds the search text (case and ё/е aside); an empty search matches all. */
export function matchesSearch(brand: Pick<ExporterBrand, 'header'>, search: string): boolean {
  const fold = (text: string) => text.toLocaleLowerCase('ru').replaceAll('ё', 'е').trim()
  return fold(brand.header).includes(fold(search))
}

/** The ticks with one brand ticked or unticked. */
export const toggledBrands = (selected: readonly number[], id: number): number[] =>
  selected.includes(id) ? selected.filter((each) => each !== id) : [...selected, id]

/**
 * «Все на букву»: every brand of the letter that the search shows becomes ticked; when all of them
 * already were, they are unticked. Brands the search hides keep their ticks.
 */
export function toggledLetter(packed: readonly BrandLetter[], selected: readonly number[], letter: string, search: string): number[] {
  const shown = (packed.find((group) => group.letter === letter)?.brands ?? []).filter((brand) => matchesSearch(brand, search)).map((brand) => brand.id)
  const allTicked = shown.every((id) => selected.includes(id))
  return allTicked ? selected.filter((id) => !shown.includes(id)) : [...selected, ...shown.filter((id) => !selected.includes(id))]
}
