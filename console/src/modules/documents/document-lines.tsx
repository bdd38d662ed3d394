import { Alert, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { t } from '../../shared/i18n';
import { formatMoney, formatNumber, formatPercent, formatRate } from '../../shared/formatting/format';
import { ScrollTable } from '../../shared/ui/scroll-table';
import { OutsourcingPicker } from './create-document-modal';
import { JobPicker } from './job-picker';
import { isEditable } from './document-logic';
import type { AnyDocument, DocumentKind } from './kinds';
import { problemText } from './problem-text';
import { useSourceChange } from './queries';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The lines (jobs or outsourcing, free lines, group lines) and the totals, both as the API computed them. */
export function DocumentLines({ kind, document, canWrite }: { kind: DocumentKind; document: AnyDocument; canWrite: boolean }) {
  const headingId = `document-lines-${document.id}`;
  const editable = canWrite && isEditable(document);
  const change = useSourceChange(kind, document.id);
  const [adding, setAdding] = useState(false);
  const currency = document.currency.code;
  const sourceOf = (line: AnyDocument['lines'][number]) => (kind.source === 'jobs' ? line.job : line.outsourcing);
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} id={headingId}>
            {t('documents.lines.title')}
          </Title>
          {editable && (
            <Button variant="light" onClick={() => setAdding(true)}>
              {t(kind.source === 'jobs' ? 'documents.lines.addJobs' : 'documents.lines.addOutsourcing')}
            </Button>
          )}
        </Group>
        {change.isError && (
          <Alert color="red" role="alert" withCloseButton closeButtonLabel={t('action.close')} onClose={() => change.reset()}>
            {problemText(change.error)}
          </Alert>
        )}
        {document.lines.length === 0 ? (
          <Text c="dimmed">{t('documents.lines.empty')}</Text>
        ) : (
          <ScrollTable label={t('documents.lines.title')} minWidth={620}>
            <Table striped withTableBorder captionSide="top">
              <Table.Caption>{t('documents.lines.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('documents.lines.description')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('documents.lines.quantity')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('documents.lines.unitCost')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('documents.lines.total')}
                  </Table.Th>
                  {editable && <Table.Th scope="col">{t('documents.lines.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {document.lines.map((line) => {
                  const source = sourceOf(line);
                  return (
                    <Table.Tr key={line.id}>
                      <Table.Th scope="row" fw={500}>
                        {line.description}
                        {line.group && (
                          <Text size="xs" c="dimmed">
                            {t('documents.lines.group', { name: line.group.name })}
                          </Text>
                        )}
                      </Table.Th>
                      <Table.Td ta="right" style={NOWRAP}>
                        {formatNumber(line.quantity, 6)} {line.quantityType?.name ?? ''}
                      </Table.Td>
                      <Table.Td ta="right" style={NOWRAP}>
                        {formatRate(line.unitCost, currency)}
                      </Table.Td>
                      <Table.Td ta="right" style={NOWRAP}>
                        {formatMoney(line.total, currency)}
                      </Table.Td>
                      {editable && (
                        <Table.Td>
                          {source && (
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              color="red"
                              c="red.9"
                              loading={change.isPending && change.variables?.sourceId === source.id}
                              onClick={() => change.mutate({ sourceId: source.id, add: false })}
                              aria-label={t('documents.lines.remove', { name: line.description })}
                            >
                              {t('action.remove')}
                            </Button>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        <Totals document={document} />
      </Stack>
      {editable && <AddSources kind={kind} document={document} opened={adding} onClose={() => setAdding(false)} />}
    </section>
  );
}

/** Subtotal, discount, taxes (with their frozen rates) and total, as the API stored them. */
function Totals({ document }: { document: AnyDocument }) {
  const currency = document.currency.code;
  const rows: Array<[string, number]> = [[t('documents.totals.subtotal'), document.total.subtotal]];
  if (document.discount > 0) rows.push([t('documents.totals.discount', { rate: formatPercent(document.discount) }), -document.total.discount]);
  if (document.tax1) rows.push([`${document.tax1.name} (${formatPercent(document.tax1.value)})`, document.total.tax1]);
  if (document.tax2) rows.push([`${document.tax2.name} (${formatPercent(document.tax2.value)})`, document.total.tax2]);
  return (
    <Stack gap={2} align="flex-end">
      <Table w="auto" aria-label={t('documents.totals.label')} verticalSpacing={2}>
        <Table.Tbody>
          {rows.map(([label, amount]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={400}>
                {label}
              </Table.Th>
              <Table.Td ta="right" style={NOWRAP}>
                {formatMoney(amount, currency)}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">{t('documents.totals.total')}</Table.Th>
            <Table.Td ta="right" fw={700} style={NOWRAP} data-testid="document-total">
              {formatMoney(document.total.total, currency)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {document.applyVATReverseCharge && (
        <Text size="sm" c="dimmed">
          {t('documents.totals.reverseCharge')}
        </Text>
      )}
    </Stack>
  );
}

/** Adds jobs of the client (or a job's outsourcing with the supplier), one call each; the first refusal stops and is shown. */
function AddSources({ kind, document, opened, onClose }: { kind: DocumentKind; document: AnyDocument; opened: boolean; onClose: () => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const change = useSourceChange(kind, document.id);
  const onLines = new Set(document.lines.flatMap((line) => [line.job?.id, line.outsourcing?.id]).filter(Boolean));
  const party = (document.client ?? document.supplier)!;
  const submit = async () => {
    setPending(true);
    setError(undefined);
    try {
      for (const sourceId of selected) await change.mutateAsync({ sourceId, add: true });
      setSelected([]);
      onClose();
    } catch (problem) {
      setError(problemText(problem));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(kind.source === 'jobs' ? 'documents.lines.addJobs' : 'documents.lines.addOutsourcing')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('action.close') }}
      lockScroll={false}
    >
      <Stack>
        {kind.source === 'jobs' ? (
          <JobPicker kind={kind} clientId={party.id} selected={selected} onChange={setSelected} exclude={onLines} />
        ) : (
          <OutsourcingPicker supplierId={party.id} selected={selected} onChange={setSelected} exclude={onLines} />
        )}
        {error && (
          <Alert color="red" role="alert" title={t('documents.lines.refused')}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('action.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={selected.length === 0} loading={pending}>
            {t('documents.lines.addSelected', { count: selected.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
