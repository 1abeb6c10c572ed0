import { describe, expect, it } from 'vitest'
import { INN_MESSAGES, innSchema, innWithControlDigits, isValidInn, isValidKpp, optionalKppSchema } from '../../src/contract/inn'

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? []

describe('INN control digits', () => {
  it('accepts real 10-digit (legal entity) and 12-digit (individual) INNs', () => {
    for (const inn of ['7707083893', '7830002293', '500100732259', '773370857141']) expect(isValidInn(inn), inn).toBe(true)
  })

  it('refuses a wrong control digit, in either place of a 12-digit INN', () => {
    for (const inn of ['7707083894', '7701234567', '500100732258', '500100732269']) expect(isValidInn(inn), inn).toBe(false)
  })

  it('refuses other lengths and non-digits', () => {
    for (const inn of ['', '770708389', '77070838931', '7707O83893', '5001007322590']) expect(isValidInn(inn), inn).toBe(false)
  })

  it('makes valid INNs from their first digits, as the demo data does', () => {
    expect(innWithControlDigits('770708389')).toBe('7707083893')
    expect(innWithControlDigits('5001007322')).toBe('500100732259')
    for (let base = 770_000_000; base < 770_000_050; base += 1) expect(isValidInn(innWithControlDigits(String(base)))).toBe(true)
  })
})

describe('the INN field', () => {
  it('gives the length message for a wrong length and the checksum message for a wrong digit, one at a time', () => {
    expect(messagesOf(innSchema.safeParse('12345'))).toEqual([INN_MESSAGES.length])
    expect(messagesOf(innSchema.safeParse('7707083894'))).toEqual([INN_MESSAGES.checksum])
    expect(innSchema.parse(' 7707083893 ')).toBe('7707083893')
  })
})

describe('KPP', () => {
  it('is 4 digits, 2 digits or capital Latin letters, 3 digits', () => {
    for (const kpp of ['773601001', '7736AB001', '77360Z001']) expect(isValidKpp(kpp), kpp).toBe(true)
    for (const kpp of ['77360100', '7736010011', '7736ab001', '7736АБ001', 'A73601001', '77360100X']) expect(isValidKpp(kpp), kpp).toBe(false)
  })

  it('may be left empty where it is optional', () => {
    expect(optionalKppSchema.parse('')).toBe('')
    expect(optionalKppSchema.parse(' 773601001 ')).toBe('773601001')
    expect(messagesOf(optionalKppSchema.safeParse('12'))).toEqual([INN_MESSAGES.kpp])
  })
})
