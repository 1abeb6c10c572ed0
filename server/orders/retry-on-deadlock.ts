/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back and may simply run again. */
const RETRIABLE_CODES = new Set(['40P01', '40001'])

const isRetriable = (error: unknown) => typeof error === 'object' && error !== null && RETRIABLE_CODES.has(String((error as { code?: unknown }).code))

/** Runs a transaction again when PostgreSQL chose it as a deadlock's victim; any other failure passes through. */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction()
    } catch (error) {
      if (attempt >= attempts || !isRetriable(error)) throw error
    }
  }
}
