const moscow = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** dd.mm.yyyy hh:mm, Moscow time (the chat's messages, the notifications). */
export const moscowTimeOf = (iso: string): string => moscow.format(new Date(iso)).replace(',', '')
