import { ORDERS_POLL_MS } from '../contract/order-periods'

/** Every timing of spec §9, in one place, so machines, tests and diagrams name them. */
export const TIMINGS = {
  addedPopupMs: 2_500,
  savedMessageMs: 1_500,
  savedMessageLongMs: 3_000,
  registrationErrorMs: 3_000,
  callbackErrorMs: 2_000,
  chatPollMs: 5_000,
  actsPollMs: 10_000,
  ordersPollMs: ORDERS_POLL_MS,
  exporterPollMs: 3_000,
  /** spec §2: the product card's gallery slides in 500 ms */
  gallerySlideMs: 500,
  /** the spec gives no autocomplete pause; 300 ms waits out a typing burst yet feels immediate */
  autocompleteDebounceMs: 300,
} as const
