import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiProblem } from '../../../shared/api/client';
import { useCan } from '../../../shared/session/session';
import { t } from '../../../shared/i18n';
import { ConfirmDelete } from '../../../shared/ui/confirm-delete';
import { formatNumber } from '../../../shared/formatting/format';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { KINDS } from '../master-data/kinds';
import { masterDataQuery } from '../master-data/queries';
import { ReadOnlyNote } from '../read-only-note';
import { SettingsTableHead } from '../settings-table-head';
import { SettingsDeleteButton } from '../settings-delete-button';
import { categoryByBand } from './bands';
import { CatConfigurationEditor } from './cat-configuration-editor';
import { NewCatConfigurationModal } from './new-cat-configuration-modal';
import { catConfigurationsQuery, catToolsQuery, useDeleteCatConfiguration, type CatConfiguration } from './queries';
import { Loading } from '../../../shared/ui/loading';

/**
 * `/settings/cat-configurations`: the account's CAT configurations; the one chosen
 * (`?configuration=<id>`, so it can be linked to) opens below the list with its band mapping.
 */
export function CatConfigurationsPage() {
  const canEdit = useCan('master-data');
  const { configuration: selectedId } = useSearch({ from: '/signed-in/settings/cat-configurations' });
  const navigate = useNavigate({ from: '/settings/cat-configurations' });
  const configurations = useQuery(catConfigurationsQuery);
  const tools = useQuery(catToolsQuery);
  const units = useQuery(masterDataQuery(KINDS.units));
  const categories = useQuery(masterDataQuery(KINDS.matchCategories));
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CatConfiguration | null>(null);
  const remove = useDeleteCatConfiguration();
  const select = (id: string | undefined) => void navigate({ search: { configuration: id }, replace: true });

  const selected = configurations.data?.find((item) => item.id === selectedId);
  const toolOf = (configuration: CatConfiguration) => tools.data?.find((tool) => tool.id === configuration.catTool.id);
  const deleteError =
    remove.error instanceof ApiProblem && remove.error.code === 'resource_in_use' ? t('settings.cat.inUse') : remove.error ? remove.error.message : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Title order={1}>{t('settings.nav.catConfigurations')}</Title>
          <Text c="dimmed" maw={640}>
            {t('settings.cat.intro')}
          </Text>
        </Stack>
        {canEdit && (
          <Button onClick={() => setAdding(true)} disabled={!tools.data || !units.data}>
            {t('settings.cat.new')}
          </Button>
        )}
      </Group>
      {!canEdit && <ReadOnlyNote />}
      {configurations.isPending && <Loading size="sm" label={t('settings.loading')} />}
      {configurations.isError && (
        <Alert color="red" role="alert">
          {configurations.error.message}
        </Alert>
      )}
      {configurations.data && (
        <ScrollTable label={t('settings.nav.catConfigurations')} minWidth={640}>
          <Table verticalSpacing="xs" highlightOnHover>
            <SettingsTableHead
              columns={[t('settings.cat.name'), t('settings.cat.tool'), t('settings.cat.counts'), t('settings.cat.bands')]}
              actions={canEdit}
            />
            <Table.Tbody>
              {configurations.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={canEdit ? 5 : 4}>
                    <Text c="dimmed">{t('settings.cat.empty')}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {configurations.data.map((configuration) => {
                const total = toolOf(configuration)?.matches.length ?? 0;
                return (
                  <Table.Tr key={configuration.id}>
                    <Table.Td>
                      <Anchor
                        renderRoot={(props) => <Link {...props} to="/settings/cat-configurations" search={{ configuration: configuration.id }} replace />}
                        fw={500}
                        aria-current={configuration.id === selectedId ? 'true' : undefined}
                      >
                        {configuration.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{configuration.catTool.name}</Table.Td>
                    <Table.Td>
                      {t('settings.cat.countsValue', {
                        source: t(configuration.quantityTypes.source === 'characters' ? 'settings.cat.count.characters' : 'settings.cat.count.words'),
                        factor: formatNumber(configuration.quantityTypes.conversionFactor, 6),
                        unit: configuration.quantityTypes.destination.name,
                      })}
                    </Table.Td>
                    <Table.Td>{t('settings.cat.mappedCount', { mapped: categoryByBand(configuration).size, total })}</Table.Td>
                    {canEdit && (
                      <Table.Td ta="right">
                        <SettingsDeleteButton
                          label={t('settings.md.deleteOne', { name: configuration.name })}
                          onClick={() => {
                            remove.reset();
                            setDeleting(configuration);
                          }}
                        />
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {configurations.data && configurations.data.length > 0 && !selected && <Text c="dimmed">{t('settings.cat.choose')}</Text>}
      {selected && (
        <CatConfigurationEditor
          key={selected.id}
          configuration={selected}
          tool={toolOf(selected)}
          categories={categories.data ?? []}
          units={units.data ?? []}
          canEdit={canEdit}
        />
      )}
      {canEdit && tools.data && units.data && (
        <NewCatConfigurationModal
          opened={adding}
          onClose={() => setAdding(false)}
          onCreated={(configuration) => select(configuration.id)}
          tools={tools.data}
          units={units.data}
        />
      )}
      <ConfirmDelete
        opened={deleting !== null}
        title={t('settings.cat.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('settings.cat.deleteText')}
        pending={remove.isPending}
        error={deleteError}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              if (deleting.id === selectedId) select(undefined);
              setDeleting(null);
            },
          })
        }
      />
    </Stack>
  );
}
