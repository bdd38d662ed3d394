import { Alert, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { t, tCount } from '../../../shared/i18n';
import { ApiProblem } from '../../../shared/api/client';
import { formatNumber } from '../../../shared/formatting/format';
import type { Job } from '../../../shared/api/job-query';
import { useCatConfigurations, useImportReport, usePartyConfiguration } from './cat-analysis-queries';
import {
  bandLabel,
  configurationsFor,
  defaultConfigurationId,
  importPreview,
  labelOf,
  unitLabel,
  type ParsedReport,
  type ReportLanguage,
} from './cat-analysis-report';
import { ScrollTable } from '../../../shared/ui/scroll-table';

interface Props {
  job: Job;
  file: File;
  report: ParsedReport;
  language: ReportLanguage | undefined;
  onCancel: () => void;
  onImported: (message: string) => void;
}

const JOB = 'job';

/**
 * The API's error on the import: a problem of the configuration beside its field; the others
 * (the report itself, its language) as one message above the button, without parameter names.
 */
function placeProblem(form: UseFormReturnType<{ destination: string; catConfiguration: string }>, error: unknown): string | undefined {
  if (!(error instanceof ApiProblem)) return t('catAnalysis.importFailed', { message: error instanceof Error ? error.message : String(error) });
  const onField = error.fieldMessage('catConfiguration');
  if (onField) form.setFieldError('catConfiguration', onField);
  const others = error.details.filter((detail) => detail.param !== 'catConfiguration').map((detail) => detail.message);
  if (others.length > 0) return t('catAnalysis.importFailed', { message: others.join(' ') });
  return onField ? undefined : t('catAnalysis.importFailed', { message: error.message });
}

/**
 * Where a parsed report goes (the job or one of its outsourcing) and through which CAT
 * configuration; the lines it will give; then the import. The API's errors on a parameter are
 * shown beside its field, the others above the button.
 */
export function CatAnalysisImportForm({ job, file, report, language, onCancel, onImported }: Props) {
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string>();
  const configurations = useCatConfigurations();
  const importReport = useImportReport(job, setProgress);
  const form = useForm({ mode: 'controlled', initialValues: { destination: JOB, catConfiguration: '' } });
  const destination = form.values.destination;
  const outsourcing = job.outsourcing.find((item) => item.id === destination);
  const clientDefault = usePartyConfiguration('clients', job.client.id);
  const supplierDefault = usePartyConfiguration('suppliers', outsourcing?.supplier.id);

  const usable = configurationsFor(configurations.data ?? [], report.catTool);
  // The API's default: for an outsourcing the supplier's configuration, else the client's.
  const fallback = defaultConfigurationId(usable, [outsourcing ? supplierDefault.data : undefined, clientDefault.data]);
  const configurationId = usable.some((item) => item.id === form.values.catConfiguration) ? form.values.catConfiguration : fallback;
  const configuration = usable.find((item) => item.id === configurationId);
  const preview = configuration && language ? importPreview(report, language.counts, configuration) : undefined;
  const unit = configuration?.quantityTypes.destination.name ?? '';

  const submit = form.onSubmit(async () => {
    if (!configuration || !language) return;
    setProblem(undefined);
    setProgress(0);
    try {
      const answer = await importReport.mutateAsync({
        file,
        outsourcingId: outsourcing?.id ?? null,
        catConfiguration: configuration.id,
        // Several languages: the one shown; one: the API takes it whatever its code.
        ...(report.languages.length > 1 && language.target !== null ? { targetLanguage: language.target } : {}),
      });
      const lines = outsourcing ? answer.outsourcing.find((item) => item.id === outsourcing.id)?.quantity.matches : answer.quantity.matches;
      const where = outsourcing ? t('catAnalysis.imported.outsourcing', { supplier: outsourcing.supplier.name }) : t('catAnalysis.imported.job');
      onImported(tCount('catAnalysis.imported', lines?.length ?? 0, { name: file.name, destination: where }));
    } catch (error) {
      setProblem(placeProblem(form, error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="cat-analysis-import-title">
      <Stack gap="sm">
        <Title order={3} id="cat-analysis-import-title">
          {t('catAnalysis.import.title')}
        </Title>
        <Group align="flex-start" grow preventGrowOverflow={false}>
          <NativeSelect
            label={t('catAnalysis.import.destination')}
            data={[
              { value: JOB, label: t('catAnalysis.import.theJob', { name: job.name }) },
              ...job.outsourcing.map((item) => ({
                value: item.id,
                label: t('catAnalysis.import.outsourcing', { supplier: item.supplier.name, name: item.name }),
              })),
            ]}
            {...form.getInputProps('destination')}
          />
          {usable.length > 0 && (
            <NativeSelect
              label={t('catAnalysis.import.configuration')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={
                configuration &&
                t('catAnalysis.import.configurationHint', {
                  source: unitLabel(configuration.quantityTypes.source),
                  factor: formatNumber(configuration.quantityTypes.conversionFactor, 6),
                  unit,
                })
              }
              data={usable.map((item) => ({ value: item.id, label: item.name }))}
              {...form.getInputProps('catConfiguration')}
              value={configurationId ?? ''}
            />
          )}
        </Group>
        {configurations.isSuccess && usable.length === 0 && (
          <Alert color="yellow" role="status">
            {t('catAnalysis.import.noConfiguration', { tool: labelOf('catAnalysis.tool', report.catTool) })}
          </Alert>
        )}
        {!language && (
          <Alert color="yellow" role="status">
            {t('catAnalysis.import.chooseLanguage')}
          </Alert>
        )}
        {preview && preview.missingUnit && (
          <Alert color="yellow" role="status">
            {t('catAnalysis.import.missingUnit', { unit: unitLabel(configuration!.quantityTypes.source) })}
          </Alert>
        )}
        {preview && preview.unmapped.length > 0 && (
          <Alert color="yellow" role="status">
            {t('catAnalysis.import.unmapped', { bands: preview.unmapped.map((item) => `${bandLabel(item.band)} (${formatNumber(item.count, 0)})`).join(', ') })}
          </Alert>
        )}
        {preview && preview.lines.length > 0 && (
          <ScrollTable minWidth={320} label={t('job.section.catAnalysis')}>
            <Table withTableBorder captionSide="top" maw={520}>
              <Table.Caption>{t('catAnalysis.import.linesCaption', { unit })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('catAnalysis.import.category')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('catAnalysis.import.quantity')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.lines.map((line) => (
                  <Table.Tr key={line.categoryId}>
                    <Table.Th scope="row" fw={400}>
                      {line.category}
                    </Table.Th>
                    <Table.Td ta="right">{formatNumber(line.quantity, 6)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={importReport.isPending} disabled={!configuration || !language}>
            {t('catAnalysis.import.submit')}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={importReport.isPending}>
            {t('catAnalysis.import.another')}
          </Button>
          {importReport.isPending && (
            <Text size="sm" c="dimmed" role="status">
              {t('catAnalysis.importing', { name: file.name })} {Math.round(progress * 100)}%
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
