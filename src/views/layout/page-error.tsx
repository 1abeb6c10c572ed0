import { ErrorBlock } from '../ui/error-block'

const PAGE_ERROR_MESSAGES = {
  title: 'Не удалось показать страницу',
  hint: 'Проверьте подключение к интернету и обновите страницу.',
  reload: 'Обновить страницу',
} as const

/**
 * What the router shows when a page cannot be shown (its code did not arrive, or it failed): in
 * the first load, since the reason may be that nothing more can be loaded. A reload fetches the
 * page's code anew; what the dealer had typed is kept by the screens that keep drafts.
 */
export function PageError() {
  return (
    <ErrorBlock
      title={PAGE_ERROR_MESSAGES.title}
      message={PAGE_ERROR_MESSAGES.hint}
      retryLabel={PAGE_ERROR_MESSAGES.reload}
      onRetry={() => window.location.reload()}
      fullPage
    />
  )
}
