import { afterAll, beforeAll } from 'vitest'
import { loginAs, startServer, type ServerFixture } from './server-fixture'

/** The file's server and a session of the first demo company's main account, ready once the file's tests run. */
export interface SignedInServer {
  readonly fixture: ServerFixture
  readonly cookie: string
}

/** Starts the server before the file's tests (signing in its main account) and closes it after them. */
export function signedInServer(): SignedInServer {
  const server = {} as { fixture: ServerFixture; cookie: string }
  beforeAll(async () => {
    server.fixture = await startServer()
    server.cookie = await loginAs(server.fixture, 'mainAccount')
  })
  afterAll(() => server.fixture?.close())
  return server
}
