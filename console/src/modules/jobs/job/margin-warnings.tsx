import { Alert, List, Text } from '@mantine/core';
import { t } from '../../../shared/i18n';
import { formatRate } from '../../../shared/formatting/format';
import type { Job } from '../../../shared/api/job-query';

/**
 * The outsourcing's margin warnings (docs/estimation.md#margin-warnings): a band the client price
 * has and the supplier price lacks is paid to the supplier at the full rate. Said before the
 * margin is lost, one line per band, with both rates.
 */
export function MarginWarnings({ job }: { job: Job }) {
  const lines = job.outsourcing.flatMap((item) =>
    item.warnings.map((warning) => ({
      key: `${item.id}-${warning.match.id}`,
      text: t('outsourcing.warning.lacksMatch', {
        supplier: item.supplier.name,
        band: warning.match.name,
        clientRate: formatRate(warning.clientRate, job.currency?.code ?? item.currency.code),
        supplierRate: formatRate(warning.supplierRate, item.currency.code),
      }),
    })),
  );
  if (lines.length === 0) return null;
  return (
    // The title as body text: a light alert's coloured title lacks contrast on its tinted background.
    <Alert color="yellow" role="alert">
      <Text size="sm" fw={700}>
        {t('outsourcing.warning.title')}
      </Text>
      <List size="sm">
        {lines.map((line) => (
          <List.Item key={line.key}>{line.text}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
