import * as z from 'zod/mini'

/**
 * `schema` whose output goes through `fn` (classic zod's `schema.transform(fn)`); zod/mini's
 * `z.transform` alone cannot infer `fn`'s argument from the schema.
 */
export const transformed = <S extends z.ZodMiniType, T>(schema: S, fn: (value: z.output<S>) => T) => z.pipe(schema, z.transform(fn))

/** spec §5: what an empty required field says (a blank one, spaces only, counts as empty). */
export const REQUIRED_MESSAGE = 'Это поле необходимо заполнить.'

/** Every 4xx/5xx answer of the cabinet API carries a Russian message for the user. */
export const apiErrorSchema = z.object({ message: z.string() })

export const okSchema = z.object({ ok: z.literal(true) })

export const TEXT_MESSAGES = {
  controlCharacter: 'Текст содержит недопустимые управляющие символы',
} as const

/* eslint-disable no-control-regex -- these patterns are about control characters */
/** Unicode's control characters (C0, DEL and C1): never part of a line of text. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/
/** The same, less the tab, line feed and carriage return that text over several lines holds. */
const CONTROL_CHARACTER_BUT_LAYOUT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/
/* eslint-enable no-control-regex */

/**
 * Every text a user sends (a field, a comment, a search, an e-mail) goes through one of these two
 * schemas, which fields extend with their own checks. A control character (U+0000 above all) is
 * refused with a 400 before the text reaches a query: PostgreSQL refuses a NUL in text (a 500)
 * and SQLite would store it. Passwords are not text in this sense: only their hash is kept.
 */
const noControlCharacter = (pattern: RegExp) => z.refine<string>((text) => !pattern.test(text), TEXT_MESSAGES.controlCharacter)

/** One line of text, trimmed (a tab or line break at its ends is whitespace, inside it is refused like any control character). */
export const lineText = (message?: string) => z.string(message).check(z.trim(), noControlCharacter(CONTROL_CHARACTER))

/** Text over several lines (a comment, a pasted order), as sent: tabs and line breaks are allowed, no other control character. */
export const multilineText = (message?: string) => z.string(message).check(noControlCharacter(CONTROL_CHARACTER_BUT_LAYOUT))
