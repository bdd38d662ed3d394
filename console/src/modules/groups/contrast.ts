import type { CSSProperties } from 'react';

/**
 * Field errors one shade darker than Mantine's red 6 (3.3:1 on white; red 9 is 5.5:1, WCAG AA
 * asks 4.5:1): set on a form, its inputs' error texts take it. The theme could set it for all
 * pages (app/theme.ts, `--mantine-color-error`); until then each form of this module does.
 */
export const READABLE_ERRORS = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
