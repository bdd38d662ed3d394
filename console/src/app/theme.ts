import { createTheme, darken, DEFAULT_THEME, luminance, type CSSVariablesResolver } from '@mantine/core';

/** The console's look: Mantine's defaults, with contrasts that pass WCAG AA (axe-core checks them). */
export const theme = createTheme({
  primaryColor: 'indigo',
  // White on indigo 6 is 4.3:1; on indigo 7, 4.9:1 (WCAG AA asks 4.5:1).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'sm',
  // People who ask their system for less motion get dialogs and menus without fade or slide.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
});

/**
 * Secondary text ("dimmed"), placeholders and field errors darker than Mantine's defaults: gray 6 on
 * white is 4.0:1, under the 4.5:1 that WCAG AA asks of small text.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...lightVariantColors(),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // Links: indigo 7 is 4.47:1 on a hovered table row (gray 1); indigo 8 passes there too.
    '--mantine-color-anchor': 'var(--mantine-color-indigo-8)',
    // Field errors: red 6 on white is 3.3:1; red 9 passes.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/**
 * The text of "light" buttons and badges, darkened as little as needed to keep 4.5:1 when hovered:
 * Mantine writes shade 9 on shade 1, and on shade 2 under the pointer, where indigo 9 is 4.1:1
 * (axe-core failed a page whose pointer had stopped on a light button), red 9 3.8:1, yellow 9 2.5:1.
 */
function lightVariantColors(): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    let text = shades[9];
    for (let amount = 0.05; contrast(text, shades[2]) < 4.6 && amount < 1; amount += 0.05) text = darken(shades[9], amount);
    variables[`--mantine-color-${name}-light-color`] = text;
  }
  return variables;
}
