import { Loader, type LoaderProps } from '@mantine/core';

/**
 * A spinner that says what is loading. Mantine's Loader is a plain span, which may not carry an
 * accessible name alone (axe: aria-prohibited-attr): `role="status"` gives it one, announced
 * politely by screen readers.
 */
export function Loading({ label, size }: { label: string; size?: LoaderProps['size'] }) {
  return <Loader size={size} role="status" aria-label={label} />;
}
