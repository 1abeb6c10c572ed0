import type { BasketSummary, Contract } from './account'
import { formatCount, formatMoney, PRODUCT_FORMS } from './ru-numbers'

/**
 * What the signed-in frame's views and the frame the server draws into a screen's page before the
 * scripts run (server/routes/server-frame.ts) both write.
 */

/** The sidebar's remembered width in the browser's localStorage: 'wide' or 'narrow'. */
export const SIDEBAR_STORAGE_KEY = 'cabinet.sidebar'

/** The same for the server's frame, a cookie a screen's page writes from it (server/routes/framed-page.ts): 'narrow', or none. */
export const SIDEBAR_COOKIE = 'cabinet_sidebar'

/** The browser's time zone (an IANA name, URI-encoded), a cookie a screen's page writes, so the server draws dates on the dealer's calendar. */
export const TIME_ZONE_COOKIE = 'cabinet_tz'

/** "Корзина: 3 товара на сумму 1 234,50 ₽" */
export const basketSummaryText = ({ count, sum }: BasketSummary) => `Корзина: ${formatCount(count, PRODUCT_FORMS)} на сумму ${formatMoney(sum)}`

/** A contract as the header's choice names it: "Договор № 17 — ООО «Снаб»". */
export const contractTitle = (contract: Contract) => (contract.contragent ? `${contract.header} — ${contract.contragent}` : contract.header)

/** "Акты сверки" → "АС", "Каталог" → "Ка": what a narrow sidebar shows for an entry. */
export function initialsOf(title: string): string {
  const words = title.split(/[\s-]+/).filter((word) => word.length > 2)
  const [first = title, second] = words
  return second ? `${first[0]}${second[0]}`.toUpperCase() : `${first[0]?.toUpperCase() ?? ''}${first[1] ?? ''}`
}
