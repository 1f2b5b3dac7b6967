/**
 * A calendar month as an export period: `offset` 0 is the month of `today`, -1 the month
 * before (the month-end job). Days are YYYY-MM-DD in the user's local calendar.
 */
export function monthOf(today: Date, offset: number): { from: string; to: string } {
  const first = new Date(today.getFullYear(), today.getMonth() + offset, 1)
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0)
  const day = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  return { from: day(first), to: day(last) }
}
