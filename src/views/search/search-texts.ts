/** The header search field's texts, shared by the field and the stand-in shown while its code loads. */
export const SEARCH_LABEL = 'Поиск товаров'
export const SEARCH_PLACEHOLDER = 'Название или артикул'
export const SEARCH_SUBMIT = 'Найти'
