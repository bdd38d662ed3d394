import { ActionIcon, Alert, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiProblem } from '../../../shared/api/client';
import { t } from '../../../shared/i18n';
import { formatNumber } from '../../../shared/formatting/format';
import { InlineField } from '../../../shared/ui/inline-field';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import type { MasterRecord } from '../master-data/kinds';
import { bandLabel, categoryByBand } from './bands';
import { conversionFactorError } from './conversion-factor';
import { useMapBand, useMoveMapping, useUpdateCatConfiguration, type CatConfiguration, type CatTool } from './queries';
import { LIMITS } from '../../../shared/api/limits.gen';

const NOT_COUNTED = '';

interface EditorProps {
  configuration: CatConfiguration;
  tool: CatTool | undefined;
  categories: MasterRecord[];
  units: MasterRecord[];
  canEdit: boolean;
}

const countLabel = (type: string) => t(type === 'characters' ? 'settings.cat.count.characters' : 'settings.cat.count.words');
const messageOf = (error: unknown) => (error instanceof ApiProblem ? error.message : String(error));

/** One configuration: its fields edited in place, which band feeds which category, and the order of the lines an import makes. */
export function CatConfigurationEditor(props: EditorProps) {
  const { configuration } = props;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="cat-configuration-title">
      <Stack gap="lg">
        <Title order={2} id="cat-configuration-title">
          {configuration.name}
        </Title>
        <ConfigurationFields {...props} />
        <BandsTable {...props} />
        <MappingOrder {...props} />
      </Stack>
    </Paper>
  );
}

function ConfigurationFields({ configuration, tool, units, canEdit }: EditorProps) {
  const update = useUpdateCatConfiguration(configuration.id);
  const unitOptions = units
    .filter((unit) => !unit.disabled || unit.id === configuration.quantityTypes.destination.id)
    .map((unit) => ({ value: unit.id, label: unit.name ?? '' }));
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <InlineField<string>
        label={t('settings.cat.name')}
        display={configuration.name}
        canEdit={canEdit}
        param="name"
        initial={() => configuration.name}
        validate={(name) => (name.trim() === '' ? t('settings.md.error.nameRequired') : name.length > LIMITS.text ? t('settings.md.error.nameLong') : null)}
        save={(name) => update.mutateAsync({ name: name.trim() })}
        editor={(editor) => (
          <TextInput {...editor} value={editor.value} onChange={(event) => editor.onChange(event.currentTarget.value)} maxLength={LIMITS.text} />
        )}
      />
      <Stack gap={2}>
        <Text size="sm" c="dimmed" fw={500}>
          {t('settings.cat.tool')}
        </Text>
        <Text>{configuration.catTool.name}</Text>
        <Text size="xs" c="dimmed">
          {t('settings.cat.toolFixed')}
        </Text>
      </Stack>
      <InlineField<string | null>
        label={t('settings.cat.source')}
        display={countLabel(configuration.quantityTypes.source)}
        canEdit={canEdit}
        param="sourceQuantityType"
        initial={() => configuration.quantityTypes.source}
        save={(source) => update.mutateAsync({ sourceQuantityType: source ?? undefined })}
        editor={(editor) => (
          <Select
            {...editor}
            data={(tool?.quantityTypes.list ?? [configuration.quantityTypes.source]).map((type) => ({ value: type, label: countLabel(type) }))}
            allowDeselect={false}
          />
        )}
      />
      <InlineField<string | null>
        label={t('settings.cat.unit')}
        display={configuration.quantityTypes.destination.name}
        canEdit={canEdit}
        param="destinationQuantityType"
        initial={() => configuration.quantityTypes.destination.id}
        save={(unit) => update.mutateAsync({ destinationQuantityType: unit ?? undefined })}
        editor={(editor) => <Select {...editor} data={unitOptions} allowDeselect={false} />}
      />
      <InlineField<string>
        label={t('settings.cat.factor')}
        display={formatNumber(configuration.quantityTypes.conversionFactor, 6)}
        canEdit={canEdit}
        param="conversionFactor"
        initial={() => String(configuration.quantityTypes.conversionFactor)}
        validate={(text) => {
          const error = conversionFactorError(text);
          return error && t(error);
        }}
        save={(text) => update.mutateAsync({ conversionFactor: Number(text.trim().replace(',', '.')) })}
        editor={(editor) => <TextInput {...editor} value={editor.value} onChange={(event) => editor.onChange(event.currentTarget.value)} inputMode="decimal" />}
      />
    </SimpleGrid>
  );
}

/** Each band of the tool's report and the category it feeds ("Not counted": the import leaves it out). */
function BandsTable({ configuration, tool, categories, canEdit }: EditorProps) {
  const mapBand = useMapBand(configuration.id);
  const [problem, setProblem] = useState<string>();
  const byBand = categoryByBand(configuration);
  const categoryName = new Map(categories.map((category) => [category.id, category.name ?? '']));
  for (const mapping of configuration.mappings) categoryName.set(mapping.match.id, mapping.match.name);
  const bands = tool?.matches ?? [...byBand.keys()];
  const mapped = bands.filter((band) => byBand.has(band)).length;

  return (
    <Stack gap="xs" component="section" aria-labelledby="cat-bands-title">
      <Group justify="space-between">
        <Title order={3} id="cat-bands-title">
          {t('settings.cat.bands')}
        </Title>
        <Text size="sm" fw={500}>
          {t('settings.cat.mappedCount', { mapped, total: bands.length })}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t('settings.cat.bandsHelp')}
      </Text>
      {problem && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel={t('action.close')} onClose={() => setProblem(undefined)}>
          {problem}
        </Alert>
      )}
      <ScrollTable label={t('settings.cat.bandsTable', { tool: configuration.catTool.name })} minWidth={480}>
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('settings.cat.band')}</Table.Th>
              <Table.Th scope="col">{t('settings.cat.category')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bands.map((band) => {
              const current = byBand.get(band) ?? null;
              const options = [
                { value: NOT_COUNTED, label: t('settings.cat.notCounted') },
                ...categories
                  .filter((category) => !category.disabled || category.id === current)
                  .map((category) => ({ value: category.id, label: category.name ?? '' })),
              ];
              return (
                <Table.Tr key={band}>
                  <Table.Td>
                    <Text span fw={500}>
                      {bandLabel(band)}
                    </Text>{' '}
                    <Text span size="xs" c="dimmed" ff="monospace">
                      {band}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {canEdit ? (
                      <Select
                        aria-label={t('settings.cat.categoryOf', { band: bandLabel(band) })}
                        data={options}
                        value={current ?? NOT_COUNTED}
                        allowDeselect={false}
                        size="xs"
                        maw={260}
                        disabled={mapBand.isPending}
                        onChange={(value) => {
                          const to = value || null;
                          if (to === current) return;
                          setProblem(undefined);
                          mapBand.mutate({ toolMatch: band, from: current, to }, { onError: (error) => setProblem(messageOf(error)) });
                        }}
                      />
                    ) : current ? (
                      categoryName.get(current)
                    ) : (
                      <Text span c="dimmed">
                        {t('settings.cat.notCounted')}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}

/** The categories an import fills, in the order of the job's match lines; moved up or down one place at a time. */
function MappingOrder({ configuration, canEdit }: EditorProps) {
  const move = useMoveMapping(configuration.id);
  const [problem, setProblem] = useState<string>();
  const last = configuration.mappings.length - 1;
  const moveTo = (matchId: string, position: number) =>
    move.mutate({ matchId, position }, { onSuccess: () => setProblem(undefined), onError: (error) => setProblem(messageOf(error)) });

  return (
    <Stack gap="xs" component="section" aria-labelledby="cat-order-title">
      <Title order={3} id="cat-order-title">
        {t('settings.cat.order')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('settings.cat.orderHelp')}
      </Text>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {configuration.mappings.length === 0 ? (
        <Text c="dimmed">{t('settings.cat.noMappings')}</Text>
      ) : (
        <Stack gap={4} component="ol" p={0} m={0} aria-label={t('settings.cat.order')}>
          {configuration.mappings.map((mapping, index) => (
            <Group key={mapping.match.id} component="li" justify="space-between" wrap="nowrap" gap="sm" py={4} px="xs">
              <div>
                <Text span fw={500}>
                  {index + 1}. {mapping.match.name}
                </Text>{' '}
                <Text span size="sm" c="dimmed">
                  {mapping.toolMatches.map(bandLabel).join(', ')}
                </Text>
              </div>
              {canEdit && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    aria-label={t('settings.cat.moveUp', { name: mapping.match.name })}
                    disabled={index === 0 || move.isPending}
                    onClick={() => moveTo(mapping.match.id, index - 1)}
                  >
                    <span aria-hidden>↑</span>
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={t('settings.cat.moveDown', { name: mapping.match.name })}
                    disabled={index === last || move.isPending}
                    onClick={() => moveTo(mapping.match.id, index + 1)}
                  >
                    <span aria-hidden>↓</span>
                  </ActionIcon>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
