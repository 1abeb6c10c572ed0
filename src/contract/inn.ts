import * as z from 'zod/mini'

/**
 * The INN (taxpayer number) and KPP (tax registration reason code) of a Russian legal entity or
 * individual entrepreneur, checked as the tax service checks them: the INN by its control digits,
 * the KPP by its shape. Shared by the client (messages as the dealer types) and the server (400).
 */
export const INN_MESSAGES = {
  length: 'ИНН состоит из 10 или 12 цифр',
  checksum: 'Неверный ИНН: не сходятся контрольные цифры',
  kpp: 'КПП состоит из 9 символов: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры',
} as const

const LEGAL_ENTITY_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8] as const
const INDIVIDUAL_FIRST_WEIGHTS = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const
const INDIVIDUAL_SECOND_WEIGHTS = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const

const INN_SHAPE = /^(\d{10}|\d{12})$/
const KPP_SHAPE = /^\d{4}[\dA-Z]{2}\d{3}$/

/** The control digit of `digits` (as many as there are weights): the weighted sum mod 11, mod 10. */
const controlDigit = (digits: string, weights: readonly number[]): string =>
  String((weights.reduce((sum, weight, i) => sum + weight * Number(digits[i]), 0) % 11) % 10)

/** A 10-digit INN (a legal entity) or a 12-digit one (an individual) whose control digits are right. */
export function isValidInn(inn: string): boolean {
  if (!INN_SHAPE.test(inn)) return false
  if (inn.length === 10) return inn[9] === controlDigit(inn, LEGAL_ENTITY_WEIGHTS)
  return inn[10] === controlDigit(inn, INDIVIDUAL_FIRST_WEIGHTS) && inn[11] === controlDigit(inn, INDIVIDUAL_SECOND_WEIGHTS)
}

/** A KPP: 4 digits (the tax office), 2 digits or capital Latin letters (the reason), 3 digits (the number). */
export const isValidKpp = (kpp: string): boolean => KPP_SHAPE.test(kpp)

/** A valid INN from the first digits (9 for a legal entity, 10 for an individual): the demo data and tests make theirs so. */
export function innWithControlDigits(base: string): string {
  if (base.length === 9) return base + controlDigit(base, LEGAL_ENTITY_WEIGHTS)
  const eleven = base + controlDigit(base, INDIVIDUAL_FIRST_WEIGHTS)
  return eleven + controlDigit(eleven, INDIVIDUAL_SECOND_WEIGHTS)
}

/** The INN field: trimmed, 10 or 12 digits, the control digits right (each with its own message). */
export const innSchema = z.string().check(
  z.trim(),
  z.regex(INN_SHAPE, INN_MESSAGES.length),
  z.refine((inn: string) => !INN_SHAPE.test(inn) || isValidInn(inn), INN_MESSAGES.checksum),
)

/** The KPP field where it may be left empty (an individual has none): '' or a valid KPP. */
export const optionalKppSchema = z.string().check(
  z.trim(),
  z.refine((kpp: string) => kpp === '' || isValidKpp(kpp), INN_MESSAGES.kpp),
)
