import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { checkAccessibility, checkControlsVisible, checkTextNotCut, screenshot } from '../harness.js';

/** The widths the portal is used at (docs/console.md#portal-pages): a phone, and a laptop. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * The portal's checks of a page at both widths: axe, every control in sight, no text cut, no
 * sideways scroll; a screenshot `<name>-<width>` each. Leaves the page at the laptop's width.
 */
export async function checkWidths(page: Page, name: string): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await checkTextNotCut(page);
    const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(overflow.scroll, `horizontal overflow at ${size.width} px`).toBeLessThanOrEqual(overflow.inner);
    await screenshot(page, `${name}-${size.width}`);
  }
}
