import { Alert, Button, Group, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCan } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import type { Job } from '../../shared/api/job-query';
import { purchaseOrderKind } from './kinds';
import { problemText } from './problem-text';
import { useCreateDocument } from './queries';

const OUTSOURCING_CANCELLED = 5;

/**
 * The job page's outsourcing section: "Create a purchase order for <supplier>", one per supplier,
 * with the job's outsourcing of that supplier (not cancelled) as its lines; then the order's page.
 * The API refuses outsourcing already on a live purchase order, and says so.
 */
export function PurchaseOrderFromOutsourcing({ job }: { job: Job }) {
  const can = useCan(purchaseOrderKind.area);
  const create = useCreateDocument(purchaseOrderKind);
  const navigate = useNavigate();
  if (!can) return null;
  const bySupplier = new Map<string, { name: string; ids: string[] }>();
  for (const item of job.outsourcing) {
    if (item.status === OUTSOURCING_CANCELLED) continue;
    const entry = bySupplier.get(item.supplier.id) ?? { name: item.supplier.name, ids: [] };
    entry.ids.push(item.id);
    bySupplier.set(item.supplier.id, entry);
  }
  if (bySupplier.size === 0) return null;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {[...bySupplier].map(([supplierId, entry]) => (
          <Button
            key={supplierId}
            variant="light"
            loading={create.isPending && create.variables?.party === supplierId}
            onClick={() =>
              create.mutate(
                { party: supplierId, sources: entry.ids },
                { onSuccess: (document) => void navigate({ to: `/purchase-orders/${document.id}` as never }) },
              )
            }
          >
            {t('documents.fromOutsourcing.createFor', { supplier: entry.name })}
          </Button>
        ))}
      </Group>
      {create.isError && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel={t('action.close')} onClose={() => create.reset()}>
          {problemText(create.error)}
        </Alert>
      )}
    </Stack>
  );
}
