import Database from 'better-sqlite3'
import type { Page } from '@playwright/test'
import { E2E_DB_FILE } from './e2e-env'

const CAPTCHA_COOKIE = 'cabinet_captcha'

/** Reads one row from the e2e server's database (opened read-only, closed at once). */
export function queryE2eDb<T>(sql: string, ...params: unknown[]): T | undefined {
  const db = new Database(E2E_DB_FILE, { readonly: true, fileMustExist: true })
  try {
    return db.prepare(sql).get(...params) as T | undefined
  } finally {
    db.close()
  }
}

/** The answer of the captcha the page shows now, as the person reading the picture would type it. */
export async function readCaptchaAnswer(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === CAPTCHA_COOKIE)
  if (!cookie) throw new Error(`no ${CAPTCHA_COOKIE} cookie: has the page loaded a captcha picture?`)
  const row = queryE2eDb<{ answer: string }>('SELECT answer FROM captchas WHERE id = ?', cookie.value)
  if (!row) throw new Error(`captcha ${cookie.value} is not in ${E2E_DB_FILE}`)
  return row.answer
}

/** Sets the sections the main account closes to a user (disabledMenus), as its managers screen would. */
export function setDisabledMenus(email: string, keys: readonly string[]): void {
  const db = new Database(E2E_DB_FILE, { fileMustExist: true })
  try {
    db.prepare('UPDATE users SET disabled_menus = ? WHERE email = ?').run(JSON.stringify(keys), email)
  } finally {
    db.close()
  }
}

/** Forgets that the account hid the top news, so a rerun of a spec that hides it starts from the banner again. */
export function showTopNewsAgain(email: string): void {
  const db = new Database(E2E_DB_FILE, { fileMustExist: true })
  try {
    db.prepare('DELETE FROM hidden_top_news WHERE user_id = (SELECT id FROM users WHERE email = ?)').run(email)
  } finally {
    db.close()
  }
}
