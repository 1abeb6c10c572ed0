export { formatCount, formatDate, formatInteger, formatMoney, PRODUCT_FORMS, type WordForms } from '../../contract/ru-numbers'
