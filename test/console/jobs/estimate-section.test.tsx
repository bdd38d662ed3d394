import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionQuery, type Session } from '../../../console/src/shared/session/session';
import { theme } from '../../../console/src/app/theme';
import { EstimateSection } from '../../../console/src/modules/jobs/job/estimate-section';
import type { Job } from '../../../console/src/shared/api/job-query';

const EUR = { code: 'EUR', symbol: '€' };
const zero = { amount: 0, discount: 0, total: 0 };

/** A job as the API answers it, with only what the Estimate reads (the rest is not looked at). */
function jobOf(overrides: { estimation?: Partial<Job['estimation']>; details?: Partial<Job['estimation']['details']>; job?: Partial<Job> } = {}): Job {
  const details = {
    currency: EUR,
    discount: { amount: 0, value: 0 },
    extraCharge: { amount: 0, percentage: 0, type: 'percentage' },
    matches: [],
    minimumFeeApplied: false,
    quantity: { quantityType: { id: 'u', name: 'Words' }, value: 100 },
    service: { id: 's', name: 'Translation' },
    subtotal: 10,
    total: 10,
    totalDetails: { subtotal: { amount: 10, discount: 0, total: 10 }, extraCharge: zero, total: 10 },
    unitCost: 0.1,
    ...overrides.details,
  };
  return {
    id: 'j1',
    currency: EUR,
    applyMinimumFee: true,
    nonBillable: false,
    timeBasedInvoice: false,
    discount: 0,
    extraCharge: { amount: 0, percentage: 0, type: 'percentage' },
    fixedPrice: { amount: null, currency: EUR },
    quantity: { catFile: { fileIds: [] }, hasMatches: false, matches: [], matchesType: 'fixed', timeBasedUnitCost: 45, unitCost: 0.1, value: 100 },
    estimation: { currency: EUR, details, total: 10, totalInvoiced: null, type: 'estimation', ...overrides.estimation },
    ...overrides.job,
  } as unknown as Job;
}

function renderEstimate(job: Job, role: Session['user']['role'] = 'manager') {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQuery.queryKey, { user: { role }, writableAreas: role === 'viewer' ? [] : ['projects'] } as unknown as Session);
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <EstimateSection job={job} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The value of the row whose header is `label` (a row's name is its whole text). */
const figure = (label: string) =>
  within(screen.getByRole('row', { name: (name) => name.startsWith(`${label} `) }))
    .getAllByRole('cell')
    .at(-1)!.textContent;

describe('the Estimate section', () => {
  it('says when the minimum fee made the total, and when it is switched off', () => {
    renderEstimate(jobOf({ details: { minimumFeeApplied: true, total: 45 }, estimation: { total: 45 } }));
    expect(figure('Minimum fee')).toBe("Applied: the total is the client's minimum fee");
    expect(figure('Total')).toBe('€45.00');
  });

  it('a job whose minimum fee is switched off says so', () => {
    renderEstimate(jobOf({ job: { applyMinimumFee: false } }));
    expect(figure('Minimum fee')).toBe('Switched off for this job');
  });

  it('shows the type of an invoiced estimate and its invoiced total', () => {
    renderEstimate(jobOf({ estimation: { type: 'invoiced', total: 12, totalInvoiced: 12 } }));
    expect(screen.getByText('Type: Invoiced')).toBeInTheDocument();
    expect(figure('Total invoiced')).toBe('€12.00');
  });

  it('a time-based job is priced by the hour, and says so', () => {
    renderEstimate(jobOf({ job: { timeBasedInvoice: true }, details: { unitCost: 45, quantity: { quantityType: { id: 'u', name: 'Words' }, value: 1.5 } } }));
    expect(figure('Price per unit')).toBe('€45.00 / hour · time-based rate');
    expect(figure('Quantity')).toBe('1.5 hours billable');
    expect(screen.getByText(/Invoiced by the time spent/)).toBeInTheDocument();
  });

  it('writes a price that came from no price list, and the notes of a non-billable job with a fixed price', () => {
    renderEstimate(jobOf({ job: { nonBillable: true, fixedPrice: { amount: 250, currency: EUR } } }));
    expect(figure('Price per unit')).toBe('€0.10 / Words · set on the job (no price list)');
    expect(screen.getByText(/Non-billable/, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Fixed price of €250.00: the quantity does not change the total.')).toBeInTheDocument();
  });

  it('offers the pricing to edit to a project manager, and only shows it to a viewer', () => {
    renderEstimate(jobOf(), 'viewer');
    expect(screen.queryByRole('button', { name: /Edit Discount/ })).toBeNull();
    expect(screen.getByRole('switch', { name: "Apply the client's minimum fee" })).toBeDisabled();
  });
});
