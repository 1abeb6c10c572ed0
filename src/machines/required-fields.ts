/** A required field counts as empty when it holds only spaces (spec §5: 'Это поле необходимо заполнить.'). */
export const isBlank = (value: string): boolean => value.trim() === ''

/** The names of the fields left empty, in the order given. */
export const blankFields = <Field extends string>(values: Record<Field, string>, fields: readonly Field[]): Field[] =>
  fields.filter((field) => isBlank(values[field]))
