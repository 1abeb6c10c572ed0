import type { AppConfig } from './config'
import type { Db } from './db/connection'
import type { Mailer } from './mail/mailer'

/** What the app hands every route and guard; kept apart from app.ts, which imports every route. */
export interface AppDeps {
  db: Db
  config: AppConfig
  mailer: Mailer
  /** the clock; tests pass a fake one */
  now: () => Date
}
