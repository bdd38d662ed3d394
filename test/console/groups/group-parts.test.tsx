import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { budgetText, ProgressMeter, progressText, StatusBadge } from '../../../console/src/modules/groups/group-parts';
import { statusText } from '../../../console/src/modules/groups/group-status';
import { renderWithProviders } from '../render';

describe('a group’s derived values as shown', () => {
  it('writes every status in words, the colour beside it', () => {
    renderWithProviders(
      <>
        {[1, 2, 3, 4, 5, 6, 9].map((status) => (
          <StatusBadge key={status} status={status} />
        ))}
      </>,
    );
    for (const text of ['Not started', 'In progress', 'Finished', 'Invoiced', 'Cancelled', 'On hold', 'Unknown status'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(statusText(6)).toBe('jobStatus.onHold');
  });

  it('writes the progress as the API answers it, with a named bar', () => {
    expect(progressText(18.33)).toBe('18.33%');
    expect(progressText(100)).toBe('100%');
    renderWithProviders(<ProgressMeter progress={18.33} name="Spring" delivered="1 of 3 jobs delivered" />);
    const bar = screen.getByRole('progressbar', { name: 'Progress of Spring' });
    expect(bar).toHaveAttribute('aria-valuenow', '18.33');
    expect(screen.getByText('1 of 3 jobs delivered')).toBeInTheDocument();
  });

  it('writes a budget in its currency, or says there is none', () => {
    expect(budgetText({ amount: 1250.5, currency: { code: 'EUR' } })).toBe('€1,250.50');
    expect(budgetText({ amount: null, currency: { code: 'EUR' } })).toBe('No budget');
  });
});
