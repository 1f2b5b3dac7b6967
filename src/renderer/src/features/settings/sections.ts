/** The sections of the settings dialog, in page order, and which one the reader is at. */

import type { SettingsSection } from '../../shell/extensions'

export { SETTINGS_SECTIONS, type SettingsSection } from '../../shell/extensions'

/**
 * The section in view: the last one whose top has scrolled above `line` (a line a third down
 * the visible content, where the eye reads), or the last section when the content is scrolled
 * to its end (a short last section never gets that far). `tops` and `line` are offsets from
 * the content's top, in page order.
 */
export function sectionInView(
  tops: readonly { section: SettingsSection; top: number }[],
  line: number,
  atEnd: boolean,
): SettingsSection {
  if (atEnd && tops.length > 0) return tops[tops.length - 1]!.section
  let current: SettingsSection = tops[0]?.section ?? 'preferences'
  for (const { section, top } of tops) if (top <= line) current = section
  return current
}
