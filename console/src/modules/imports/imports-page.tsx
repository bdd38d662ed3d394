import { Alert, Button, FileInput, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan, useSession } from '../../shared/session/session';
import { t, tCount, type MessageKey } from '../../shared/i18n';
import { ScrollTable } from '../../shared/ui/scroll-table';
import { IMPORT_RESOURCES, sendImport, type ImportOutcome, type ImportResource } from './import-outcome';

/**
 * `/imports` (docs/console.md#imports): choose what to import and the CSV file; the file is
 * checked first (a dry run: what each row would do, every error), and only a clean check offers
 * the import itself.
 */
export function ImportsPage() {
  const session = useSession();
  const canImport = useCan('projects');
  const [resource, setResource] = useState<ImportResource>('clients');
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const send = useMutation({
    mutationFn: ({ dryRun }: { dryRun: boolean }) => sendImport(resource, file!, dryRun),
    onSuccess: setOutcome,
  });
  const restart = () => {
    setOutcome(null);
    send.reset();
  };

  return (
    <Stack gap="md">
      <Title order={1}>{t('imports.title')}</Title>
      <Text c="dimmed">{t('imports.intro')}</Text>
      {!canImport ? (
        <Alert color="gray" role="note">
          {t('imports.readOnly', { role: t(`role.${session.user.role}`) })}
        </Alert>
      ) : (
        <Group align="flex-end" gap="sm">
          <Select
            label={t('imports.resource')}
            data={IMPORT_RESOURCES.map((value) => ({ value, label: t(`imports.resource.${value}` as MessageKey) }))}
            value={resource}
            onChange={(value) => {
              if (value) setResource(value);
              restart();
            }}
            allowDeselect={false}
            w={200}
          />
          <FileInput
            label={t('imports.file')}
            accept=".csv,text/csv"
            value={file}
            onChange={(value) => {
              setFile(value);
              restart();
            }}
            w={280}
            clearable
            clearButtonProps={{ 'aria-label': t('imports.clearFile') }}
          />
          <Button onClick={() => send.mutate({ dryRun: true })} disabled={!file} loading={send.isPending && send.variables?.dryRun}>
            {t('imports.check')}
          </Button>
          {outcome?.kind === 'checked' && (
            <Button color="green" onClick={() => send.mutate({ dryRun: false })} loading={send.isPending && !send.variables?.dryRun}>
              {tCount('imports.run', outcome.answer.rows.length)}
            </Button>
          )}
        </Group>
      )}
      {send.error && (
        <Alert color="red" role="alert">
          {send.error.message}
        </Alert>
      )}
      {outcome && <OutcomeView outcome={outcome} />}
    </Stack>
  );
}

function OutcomeView({ outcome }: { outcome: ImportOutcome }) {
  if (outcome.kind === 'problem')
    return (
      <Alert color="red" role="alert">
        {outcome.problem.message}
      </Alert>
    );
  if (outcome.kind === 'rowErrors')
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert">
          {tCount('imports.errors', outcome.errors.length)}
        </Alert>
        <ScrollTable label={t('imports.errorsLabel')} minWidth={480}>
          <Table striped verticalSpacing="xs">
            <Table.Caption>{t('imports.errorsLabel')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('imports.column.row')}</Table.Th>
                <Table.Th scope="col">{t('imports.column.column')}</Table.Th>
                <Table.Th scope="col">{t('imports.column.message')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outcome.errors.map((error, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{error.row}</Table.Td>
                  <Table.Td>{error.column ?? '—'}</Table.Td>
                  <Table.Td>{error.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
    );
  const { answer } = outcome;
  return (
    <Stack gap="sm">
      <Alert color={outcome.kind === 'done' ? 'green' : 'blue'} role="status">
        {t(outcome.kind === 'done' ? 'imports.done' : 'imports.checked', { created: answer.created, updated: answer.updated })}
      </Alert>
      <ScrollTable label={t('imports.rowsLabel')} minWidth={420}>
        <Table striped verticalSpacing="xs">
          <Table.Caption>{t('imports.rowsLabel')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('imports.column.row')}</Table.Th>
              <Table.Th scope="col">{t('imports.column.action')}</Table.Th>
              <Table.Th scope="col">{t('imports.column.record')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{t(`imports.action.${row.action}`)}</Table.Td>
                <Table.Td>{row.label ?? row.id ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}
