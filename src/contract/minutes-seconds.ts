/** 300000 → '5:00', 59000 → '0:59', 0 → '0:00' */
export const minutesSeconds = (ms: number) => {
  const s = Math.ceil(ms / 1000)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
