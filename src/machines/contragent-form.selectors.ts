import type { SnapshotFrom } from 'xstate'
import { contragentFormErrors, type ContragentFields } from '../contract/contragents'
import type { contragentFormMachine } from './contragent-form.machine'

type ContragentFormSnapshot = SnapshotFrom<typeof contragentFormMachine>

/** Each field's message, shown once the dealer has left the field (or pressed «Сохранить»); null where it is right. */
export function contragentFieldErrorsOf(snapshot: ContragentFormSnapshot): Record<ContragentFields, string | null> {
  const { values, touched } = snapshot.context
  const errors = contragentFormErrors(values)
  return {
    company: touched.includes('company') ? errors.company : null,
    inn: touched.includes('inn') ? errors.inn : null,
    kpp: touched.includes('kpp') ? errors.kpp : null,
  }
}

/** The message under the form: the duplicate or another refusal of the server. */
export const contragentFormMessageOf = (snapshot: ContragentFormSnapshot): string | null =>
  snapshot.matches({ editing: 'duplicate' }) || snapshot.matches({ editing: 'failed' }) ? snapshot.context.errorMessage : null

export const isContragentFormSavingOf = (snapshot: ContragentFormSnapshot): boolean => snapshot.matches('saving')

/** The modal's title: a new contragent, or a change of one already there. */
export const contragentFormTitleOf = (snapshot: ContragentFormSnapshot): string =>
  snapshot.context.id === null ? 'Новый контрагент' : 'Изменить контрагента'
