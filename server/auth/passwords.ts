import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const COST = { N: 16_384, r: 8, p: 1 } as const
const SALT_BYTES = 16
const KEY_BYTES = 64

function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

/** `scrypt$N$r$p$<saltHex>$<hashHex>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await deriveKey(password, salt, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('hex'), key.toString('hex')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltHex, hashHex] = stored.split('$')
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false
  const expected = Buffer.from(hashHex, 'hex')
  if (expected.length !== KEY_BYTES) return false
  const key = await deriveKey(password, Buffer.from(saltHex, 'hex'), { N: Number(n), r: Number(r), p: Number(p) })
  return timingSafeEqual(key, expected)
}

// a hash of nothing, so that a login for an unknown e-mail costs as long as a real check
let decoyHash: Promise<string> | undefined
export async function spendPasswordCheck(password: string): Promise<void> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'))
  await verifyPassword(password, await decoyHash)
}

// no 0/O, 1/l/I: the password is read from an e-mail and typed by hand
const TEMPORARY_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789'

export function generateTemporaryPassword(length = 10): string {
  return Array.from({ length }, () => TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)]).join('')
}
