import type { ComponentType } from 'react'
import { registrationMachine } from '../../machines/registration.machine'
import { createRegistrationActors } from '../../services/registration'
import { forgetRegistrationDraft, readRegistrationDraft, saveRegistrationDraft } from '../../services/registration-draft'
import { LoginPage } from '../../views/login/login-page'
import { RegistrationPage } from '../../views/registration/registration-page'
import type { AppWiring } from '../wiring/app-wiring'
import { wireLogin } from './login-route'
import { wiredRoute } from './wired-route'

const wireRegistration = (app: AppWiring) => ({
  ...wireLogin(app),
  registration: registrationMachine.provide({
    actors: createRegistrationActors({ http: app.http }),
    actions: {
      persistDraft: (_, { draft }) => saveRegistrationDraft(app.tabStorage, draft),
      forgetDraft: () => forgetRegistrationDraft(app.tabStorage),
    },
  }),
  readRegistrationDraft: () => readRegistrationDraft(app.tabStorage),
})

/** /registration/form: the registration modal over the login page. */
function LoginWithRegistration() {
  return (
    <>
      <LoginPage />
      <RegistrationPage />
    </>
  )
}

export const RegistrationRoute: ComponentType = wiredRoute(wireRegistration, LoginWithRegistration)
