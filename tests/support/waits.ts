/**
 * What a `vi.waitFor` gets when it waits on I/O or real timers (a file, a socket, a chunk's dynamic
 * import, a worker): the 1 s default is often too short on a loaded machine (CI, several suites at
 * once). Waits on fake timers or on in-memory fakes keep the default.
 */
export const IO_WAIT = { timeout: 10_000 } as const
