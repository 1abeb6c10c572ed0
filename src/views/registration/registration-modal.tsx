import { Suspense } from 'react'
import shared from '../layout/signed-out.module.css'
import { Loading } from '../ui/loading'
import { lazyPart } from '../ui/lazy-part'

const RegistrationPage = lazyPart(() => import('./registration-page').then((module) => ({ default: module.RegistrationPage })))

/**
 * /registration/form over the login page. The form, react-aria's modal and the phone mask (40 KB
 * gzipped together) load with the address, not with the login page's first paint; until they
 * are there, the modal's box stands in its place with the form's loader.
 */
export function RegistrationModal() {
  return (
    <Suspense
      fallback={
        <div className={shared.overlay}>
          <div className={`${shared.modal} ${shared.wide}`}>
            <div className={shared.dialog}>
              <Loading label="Загрузка формы…" />
            </div>
          </div>
        </div>
      }
    >
      <RegistrationPage />
    </Suspense>
  )
}
