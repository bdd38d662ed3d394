import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { Loading } from '../../../console/src/shared/ui/loading';
import { renderWithProviders } from '../render';

it('names the spinner through a status role: a span with only aria-label is refused by axe (aria-prohibited-attr)', () => {
  renderWithProviders(<Loading size="xs" label="Working out the price" />);
  const spinner = screen.getByRole('status', { name: 'Working out the price' });
  expect(spinner.tagName).toBe('SPAN');
  expect(spinner.getAttribute('aria-label')).toBe('Working out the price');
});
