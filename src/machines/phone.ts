/** The phone mask of spec §5 and §9: +7 (xxx) xxx-xx-xx over 10 national digits. */
export const PHONE_MASK = '+7 (000) 000-00-00'
export const PHONE_PLACEHOLDER = '+7 (___) ___-__-__'

const NATIONAL_LENGTH = 10
// the mask text that comes before the national digit at this index
const GROUP_PREFIXES: Record<number, string> = { 0: '+7 (', 3: ') ', 6: '-', 8: '-' }

/**
 * The national digits of any phone text, at most 10: a '+7' prefix is the country code, and so
 * is a leading 7 or 8 of an 11-digit number; a shorter number that starts with 8 keeps it (812 …).
 */
export function phoneDigits(text: string): string {
  const trimmed = text.trim()
  const digits = (trimmed.startsWith('+7') ? trimmed.slice(2) : trimmed).replace(/\D/g, '')
  const national = digits.length > NATIONAL_LENGTH && /^[78]/.test(digits) ? digits.slice(1) : digits
  return national.slice(0, NATIONAL_LENGTH)
}

/** The masked text as the mask shows it while typing: '' → '', '9123' → '+7 (912) 3'. */
export function formatPhone(text: string): string {
  return [...phoneDigits(text)].map((digit, index) => (GROUP_PREFIXES[index] ?? '') + digit).join('')
}

export const isCompletePhone = (text: string): boolean => phoneDigits(text).length === NATIONAL_LENGTH
