import { amountsIn, datesIn, sameMoney } from './notation'
import type { EvidenceBox, EvidenceWord } from './types'

/**
 * The words of a document's text layer (or OCR) put back into lines, so that a value split
 * over several runs ("1 234," + "56") is found whole, and every match maps back to a box.
 * Lines are words of one page whose vertical centres are within half a word's height, left
 * to right; a gap wider than a fifth of the height reads as a space.
 */

interface Segment {
  start: number
  end: number
  word: EvidenceWord
}

/** One line of a page. */
export interface TextLine {
  page: number
  text: string
  segments: Segment[]
}

/** The lines of a document, and searches over them. */
export interface TextIndex {
  lines: TextLine[]
  /** True when the document has any words at all (a text layer or OCR). */
  hasText: boolean
}

/** Builds the lines of `words` (any order). */
export function buildTextIndex(words: readonly EvidenceWord[]): TextIndex {
  const sorted = words
    .filter((word) => word.text.trim() !== '' && word.height > 0)
    .slice()
    .sort((a, b) => a.page - b.page || a.y + a.height / 2 - (b.y + b.height / 2) || a.x - b.x)
  const groups: EvidenceWord[][] = []
  for (const word of sorted) {
    const centre = word.y + word.height / 2
    const group = groups.at(-1)
    const last = group?.[0]
    if (
      group &&
      last &&
      last.page === word.page &&
      Math.abs(last.y + last.height / 2 - centre) <= Math.min(last.height, word.height) / 2
    ) {
      group.push(word)
    } else {
      groups.push([word])
    }
  }
  const lines = groups.map((group) => {
    group.sort((a, b) => a.x - b.x)
    let text = ''
    const segments: Segment[] = []
    let previous: EvidenceWord | null = null
    for (const word of group) {
      if (previous) {
        const gap = word.x - (previous.x + previous.width)
        if (gap > Math.min(previous.height, word.height) / 5 && !text.endsWith(' ')) text += ' '
      }
      segments.push({ start: text.length, end: text.length + word.text.length, word })
      text += word.text
      previous = word
    }
    return { page: group[0]!.page, text, segments }
  })
  return { lines, hasText: lines.length > 0 }
}

/** The box of characters `start`..`end` of a line: the words they fall in, cut in proportion. */
export function boxOf(line: TextLine, start: number, end: number): EvidenceBox {
  let left = Infinity
  let right = -Infinity
  let top = Infinity
  let bottom = -Infinity
  for (const segment of line.segments) {
    if (segment.end <= start || segment.start >= end) continue
    const { word } = segment
    const length = Math.max(1, segment.end - segment.start)
    const from = Math.max(start, segment.start) - segment.start
    const to = Math.min(end, segment.end) - segment.start
    left = Math.min(left, word.x + (word.width * from) / length)
    right = Math.max(right, word.x + (word.width * to) / length)
    top = Math.min(top, word.y)
    bottom = Math.max(bottom, word.y + word.height)
  }
  return { page: line.page, x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) }
}

/** Where an amount is printed, in any notation (at most `limit` places). */
export function findAmount(index: TextIndex, value: number, limit = 5): EvidenceBox[] {
  const boxes: EvidenceBox[] = []
  for (const line of index.lines) {
    for (const found of amountsIn(line.text)) {
      if (sameMoney(found.value, value)) {
        boxes.push(boxOf(line, found.start, found.end))
        break
      }
    }
    if (boxes.length >= limit) break
  }
  return boxes
}

/** Where a date (YYYY-MM-DD) is printed, in any notation (at most `limit` places). */
export function findDate(index: TextIndex, iso: string, limit = 5): EvidenceBox[] {
  const boxes: EvidenceBox[] = []
  for (const line of index.lines) {
    const found = datesIn(line.text).find((date) => date.iso === iso)
    if (found) boxes.push(boxOf(line, found.start, found.end))
    if (boxes.length >= limit) break
  }
  return boxes
}

const WORD_CHAR = /[\p{L}\p{N}]/u

/** Folds case and accents away ("Müller" and "MULLER" read the same). */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

/**
 * Where an identifier (invoice number, IBAN, VAT ID) is printed, spaces ignored ("DE02 1203
 * 0000 ..." is the IBAN DE021203...), case ignored, standing as a word of its own (not part of
 * a longer number).
 */
export function findIdentifier(index: TextIndex, value: string, limit = 5): EvidenceBox[] {
  const wanted = fold(value).replace(/\s+/gu, '')
  if (wanted.length < 2) return []
  const boxes: EvidenceBox[] = []
  for (const line of index.lines) {
    // The line without spaces, with the position in the line of each character kept.
    let compact = ''
    const positions: number[] = []
    const folded = foldKeepingLength(line.text)
    for (let i = 0; i < folded.length; i++) {
      if (/\s/u.test(folded[i]!)) continue
      compact += folded[i]
      positions.push(i)
    }
    let from = 0
    while (boxes.length < limit) {
      const at = compact.indexOf(wanted, from)
      if (at < 0) break
      from = at + 1
      const start = positions[at]!
      const end = positions[at + wanted.length - 1]! + 1
      const before = line.text[start - 1]
      const after = line.text[end]
      const edgeIsWord = (c: string | undefined, edge: string) => !!c && WORD_CHAR.test(c) && WORD_CHAR.test(edge)
      if (edgeIsWord(before, wanted[0]!) || edgeIsWord(after, wanted.at(-1)!)) continue
      boxes.push(boxOf(line, start, end))
      break
    }
    if (boxes.length >= limit) break
  }
  return boxes
}

/** {@link fold}, one character for one character (so positions still point into the line). */
function foldKeepingLength(text: string): string {
  let out = ''
  for (const char of text) {
    const folded = fold(char)
    out += folded.length === char.length ? folded : char.length === 1 ? (folded[0] ?? char) : char
  }
  return out
}

/**
 * Where a name or address part is printed: words in order, case, accents and punctuation
 * ignored, on one line ("Kunden AG Mitte" in "Kunden AG Mitte, Frankfurt").
 */
export function findPhrase(index: TextIndex, value: string, limit = 5): EvidenceBox[] {
  const wanted = fold(value)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
  if (wanted.length < 2) return []
  const boxes: EvidenceBox[] = []
  for (const line of index.lines) {
    // Punctuation becomes a space, one for one, so positions still point into the line.
    const plain = foldKeepingLength(line.text).replace(/[^\p{L}\p{N}]/gu, ' ')
    const { text: collapsed, positions } = collapseSpaces(plain)
    let at = collapsed.indexOf(wanted)
    while (at >= 0) {
      const before = collapsed[at - 1]
      const after = collapsed[at + wanted.length]
      if ((!before || before === ' ') && (!after || after === ' ')) {
        boxes.push(boxOf(line, positions[at]!, positions[at + wanted.length - 1]! + 1))
        break
      }
      at = collapsed.indexOf(wanted, at + 1)
    }
    if (boxes.length >= limit) break
  }
  return boxes
}

function collapseSpaces(text: string): { text: string; positions: number[] } {
  let out = ''
  const positions: number[] = []
  for (let i = 0; i < text.length; i++) {
    if (text[i] === ' ' && (out === '' || out.endsWith(' '))) continue
    out += text[i]
    positions.push(i)
  }
  return { text: out, positions }
}

/**
 * The dates printed on lines that hold one of `labels` and none of `unless` (folded text), in
 * reading order: "Rechnungsdatum: 05.03.2018" for the issue date.
 */
export function datesBesideLabels(
  index: TextIndex,
  labels: readonly RegExp[],
  unless: readonly RegExp[] = [],
): { iso: string; box: EvidenceBox }[] {
  const found: { iso: string; box: EvidenceBox }[] = []
  for (const line of index.lines) {
    const folded = fold(line.text)
    if (!labels.some((label) => label.test(folded)) || unless.some((label) => label.test(folded))) continue
    for (const date of datesIn(line.text)) found.push({ iso: date.iso, box: boxOf(line, date.start, date.end) })
  }
  return found
}

/** IBANs printed on the invoice (spaces ignored; the check digits must hold: `isValid`), at most 10. */
export function ibansIn(index: TextIndex, isValid: (iban: string) => boolean): { iban: string; box: EvidenceBox }[] {
  const found: { iban: string; box: EvidenceBox }[] = []
  for (const line of index.lines) {
    for (const match of line.text.matchAll(/(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}/gu)) {
      // The longest run that is a valid IBAN (a BIC or text may follow it on the line).
      const text = match[0]
      for (let end = text.length; end >= 15; end--) {
        const candidate = text.slice(0, end).replace(/ /gu, '')
        if (candidate.length >= 15 && isValid(candidate)) {
          found.push({ iban: candidate, box: boxOf(line, match.index, match.index + end) })
          break
        }
      }
      if (found.length >= 10) return found
    }
  }
  return found
}

/**
 * The amount printed after a label on its line ("Totaal € 717,97 iDEAL op 21 april 2015":
 * 717.97), for each line where `label` matches and none of `unless` does (folded text). An
 * amount with decimals is preferred to a whole number; digits of a date or a rate ("19 %")
 * are no amount.
 */
export function amountsAfterLabel(
  index: TextIndex,
  label: RegExp,
  unless: readonly RegExp[] = [],
): { value: number; box: EvidenceBox }[] {
  const found: { value: number; box: EvidenceBox }[] = []
  for (const line of index.lines) {
    const folded = foldKeepingLength(line.text).toLowerCase()
    const match = label.exec(folded)
    if (!match || unless.some((other) => other.test(folded))) continue
    const after = match.index + match[0].length
    const dates = datesIn(line.text)
    const amounts = amountsIn(line.text)
      .filter((amount) => amount.start >= after)
      .filter((amount) => !dates.some((date) => amount.start < date.end && amount.end > date.start))
      .filter((amount) => !/^\s*%/u.test(line.text.slice(amount.end)))
      .sort((a, b) => a.start - b.start || b.end - a.end)
    const withDecimals = amounts.find((amount) => /[.,]\d{1,2}$/u.test(line.text.slice(amount.start, amount.end)))
    const chosen = withDecimals ?? amounts[0]
    if (chosen) found.push({ value: chosen.value, box: boxOf(line, chosen.start, chosen.end) })
  }
  return found
}
