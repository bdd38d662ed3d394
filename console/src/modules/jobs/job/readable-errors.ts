import type { CSSProperties } from 'react';

/**
 * Mantine's colour of field errors (red 6) is 3.3:1 on white, under the 4.5:1 of WCAG AA that
 * axe-core checks; red 9 is 5.5:1. Set on the job pages' roots (a CSS variable, inherited) until
 * app/theme.ts sets it for every page.
 */
export const READABLE_ERRORS = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
