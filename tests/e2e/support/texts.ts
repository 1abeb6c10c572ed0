/**
 * What the dealer reads, written out here rather than imported from src/contract, so a changed
 * text in the app fails the specs (spec §5, §8 texts are to the letter).
 */
export const TEXTS = {
  required: 'Это поле необходимо заполнить.',
  notApproved: 'Ваша регистрация ещё не одобрена администратором. Мы сообщим вам по e-mail, когда доступ будет открыт.',
} as const
