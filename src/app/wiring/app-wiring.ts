import type { productCardMachine } from '../../machines/product-card.machine'
import type { loadCodeOf } from './deferred-logic'
import type { Http } from '../../services/http'
import type { Journal } from '../../services/journal-hook'
import type { AppStorage } from '../../services/storage'

/**
 * The app-lifetime pieces every screen's wiring joins its machines to: built once at start-up by
 * the composition root (providers.tsx) and handed to the lazily loaded route modules.
 */
export interface AppWiring {
  http: Http
  storage: AppStorage
  /** this tab's storage (sessionStorage) */
  tabStorage: AppStorage
  /** the journal's entries, which «Сообщить о проблеме» sends */
  journal: Pick<Journal, 'entries'>
  /**
   * the product card with its real actors (the child of whichever workflow opens a product), and
   * the promise that loads its code: it is not in the first load
   */
  cardActors: { productCard: typeof productCardMachine; loadCardCode: ReturnType<typeof loadCodeOf> }
  /** loads the invitation form's machine, which the session runs as its child while the invitation page is shown */
  loadInvitationCode: () => Promise<unknown>
}
