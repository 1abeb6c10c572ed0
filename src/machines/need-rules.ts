import { NEED_LIMITS } from '../contract/favorites'

/**
 * The need quantity a dealer typed: a whole number of units from 1 to 1 000 000 (digit groups
 * may be spaced, as ru-RU writes them: '1 000'); anything else — 0, a sign, a fraction, a
 * letter, an empty field — is null, and the saved quantity stays.
 */
export function parseNeed(text: string): number | null {
  const digits = text.replace(/[\s\u00a0\u202f]/g, '')
  if (!/^\d+$/.test(digits)) return null
  const need = Number(digits)
  return need >= NEED_LIMITS.min && need <= NEED_LIMITS.max ? need : null
}
