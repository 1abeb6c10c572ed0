/**
 * The journal's masking rule, one for the browser (the export, the problem report) and the server
 * (which masks a received report again, never trusting the browser): a string under a key naming
 * a password (password, newPassword, passwordRepeat, confirmPassword … any key containing
 * "password", any case), an invitation link's token (any key containing "token") or the typed
 * captcha code ('captcha'), and a form's change event of such
 * a field ({ field: 'password', value }), become as many dots, so length rules replay alike.
 */
const SECRET_KEY = /password|token|^captcha$/i
const MASK_CHAR = '•'
const mask = (text: string) => MASK_CHAR.repeat(text.length)

/** A JSON.stringify replacer: `item` under `key`, its secret masked. */
export function maskedItem(key: string, item: unknown): unknown {
  if (typeof item === 'string' && SECRET_KEY.test(key)) return mask(item)
  if (
    item !== null &&
    typeof item === 'object' &&
    'field' in item &&
    typeof item.field === 'string' &&
    SECRET_KEY.test(item.field) &&
    'value' in item &&
    typeof item.value === 'string'
  ) {
    return { ...item, value: mask(item.value) }
  }
  return item
}

/** A JSON value as JSON text, every secret in it masked. */
export const maskedJson = (value: unknown, indent?: number): string => JSON.stringify(value, maskedItem, indent)
