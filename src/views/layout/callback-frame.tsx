import { useSelector } from '@xstate/react'
import { Suspense } from 'react'
import { callbackDialogViewOf } from '../../machines/callback.selectors'
import { useSidebarActor } from '../session/session-context'
import { useShellActor } from './shell-context'
import sidebar from './sidebar.module.css'
import { lazyPart } from '../ui/lazy-part'

const CALLBACK_TITLE = 'Заказать звонок'

// the dialog, with the phone mask (imask) and the form, loads when the dealer first opens it:
// the sidebar shows this entry at start-up, and a phone's start-up should not compile the mask
const CallbackDialog = lazyPart(() => import('./callback-dialog').then((module) => ({ default: module.CallbackDialog })))

/** "Заказать звонок" → "ЗЗ": what a narrow sidebar shows (its menu's own initials). */
const INITIALS = 'ЗЗ'

/**
 * «Заказать звонок» under the menu: the shell opens its dialog (the drawer,
 * `onFollow`, closes first). This module is not in the first load: the sidebar imports it after
 * the first paint, the drawer with itself; the dialog loads when first opened.
 */
export function CallbackEntry({ narrow, onFollow }: { narrow: boolean; onFollow?: () => void }) {
  const shell = useShellActor()
  return (
    <button
      type="button"
      className={`${sidebar.link} ${sidebar.callback}`}
      aria-label={narrow ? CALLBACK_TITLE : undefined}
      onClick={() => {
        onFollow?.()
        shell.send({ type: 'callback.open' })
      }}
    >
      {narrow ? (
        <span className={sidebar.initials} aria-hidden="true">
          {INITIALS}
        </span>
      ) : (
        CALLBACK_TITLE
      )}
    </button>
  )
}

/** The sidebar's entry, and the dialog while the shell has it open (shown once, here). */
export default function SidebarCallback() {
  const narrow = useSelector(useSidebarActor(), (snapshot) => snapshot.matches({ width: 'narrow' }))
  const view = useSelector(useShellActor(), callbackDialogViewOf)
  return (
    <>
      <CallbackEntry narrow={narrow} />
      {view === 'closed' ? null : (
        <Suspense fallback={null}>
          <CallbackDialog />
        </Suspense>
      )}
    </>
  )
}
