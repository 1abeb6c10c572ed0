/** A refusal the administrator should read; the command exits with code 1. */
export class AdminError extends Error {
  override name = 'AdminError'
}
