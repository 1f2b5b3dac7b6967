import type { Page } from '@playwright/test'

/** The window sizes the screenshots of a state are taken at (a small laptop, a desktop). */
export const SCREENSHOT_SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const

/**
 * Screenshots the page at each of {@link SCREENSHOT_SIZES} in the light and the dark theme, to
 * `<base>-<width>x<height>-<light|dark>.png`; leaves the page at the first size in light.
 */
export async function shootSizesAndThemes(page: Page, base: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    for (const size of SCREENSHOT_SIZES) {
      await page.setViewportSize(size)
      await page.screenshot({ path: `${base}-${size.width}x${size.height}-${colorScheme}.png` })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(SCREENSHOT_SIZES[0])
}
