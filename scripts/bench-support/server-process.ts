/** A real server process (the one `npm run serve` starts) for the benches and the server tests (tests/server import it from here: scripts never import from tests/). */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')

/** A port free on loopback right now. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address() as { port: number }
  probe.close()
  return port
}

export interface ServerProcess {
  port: number
  child: ChildProcessWithoutNullStreams
  /** what the process printed so far (stdout and stderr) */
  output: () => string
  /** resolves once the process has printed `text` */
  printed: (text: string) => Promise<void>
  /** a request on a connection of its own; the answer's status, body and Set-Cookie headers */
  call: (method: string, path: string, options?: { body?: object; cookie?: string }) => Promise<{ status: number; body: string; cookies: string[] }>
  /** the exit code once it exits */
  exited: Promise<number | null>
  /** SIGKILL unless it already exited (a group's workers follow their primary out) */
  kill: () => void
}

/** startServerProcess, resolving once it printed its banner. */
export async function startServerProcess(env: Record<string, string>, args: string[] = []): Promise<ServerProcess> {
  const server = await spawnServerProcess(env, args)
  await server.printed('Кабинет дилера запущен')
  return server
}

/** `node --import tsx server/main.ts <args>` (the server itself, no tsx wrapper between: a signal reaches it) on 127.0.0.1 and a free port, with `env` over the test's environment. */
async function spawnServerProcess(env: Record<string, string>, args: string[] = []): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, CLIENT_DIR: '/nonexistent/dist/client', LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
  })
  let output = ''
  const listeners = new Set<() => void>()
  const take = (chunk: Buffer) => {
    output += chunk.toString()
    for (const listener of listeners) listener()
  }
  child.stdout.on('data', take)
  child.stderr.on('data', take)
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  const printed = (text: string) =>
    new Promise<void>((done, fail) => {
      const look = () => {
        if (!output.includes(text)) return
        listeners.delete(look)
        done()
      }
      listeners.add(look)
      look()
      void exited.then((code) => fail(new Error(`the server exited (${code}) before printing «${text}»:\n${output}`)))
    })
  const call: ServerProcess['call'] = async (method, path, options = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: {
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        connection: 'close',
      },
      body: options.body ? JSON.stringify(options.body) : undefined,
    })
    return { status: response.status, body: await response.text(), cookies: response.headers.getSetCookie() }
  }
  return { port, child, output: () => output, printed, call, exited, kill: () => void (child.exitCode === null && child.kill('SIGKILL')) }
}
