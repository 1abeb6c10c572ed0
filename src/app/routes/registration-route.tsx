import { LoginPage } from '../../views/login/login-page'
import { RegistrationPage } from '../../views/registration/registration-page'

/** /registration/form: the registration modal over the login page. */
export function RegistrationRoute() {
  return (
    <>
      <LoginPage />
      <RegistrationPage />
    </>
  )
}
