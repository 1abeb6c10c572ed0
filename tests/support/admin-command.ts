import { runAdminCommand } from '../../server/cli/admin'
import { createMailer } from '../../server/mail/mailer'
import type { ServerFixture } from './server-fixture'

/**
 * `npm run admin -- …` against the fixture's database and clock, its print collected: answers the
 * exit code and the text. The fixture is read at call time, since test files assign it in beforeAll.
 */
export function adminCommand(fixture: () => ServerFixture) {
  return async (...args: string[]): Promise<{ code: number; text: string }> => {
    const { db, clock } = fixture()
    const mailer = createMailer({ db, from: 'x', now: clock.now, log: { info: () => {}, error: () => {} } })
    const lines: string[] = []
    const code = await runAdminCommand(args, { db, now: clock.now, mailer }, (text) => lines.push(text))
    return { code, text: lines.join('\n') }
  }
}
