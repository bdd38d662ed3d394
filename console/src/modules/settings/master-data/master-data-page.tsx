import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../../shared/session/session';
import { t } from '../../../shared/i18n';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { ReadOnlyNote } from '../read-only-note';
import { SettingsTableHead } from '../settings-table-head';
import { SettingsDeleteButton } from '../settings-delete-button';
import { DeleteRecordDialog } from './delete-record-dialog';
import { FLAG_LABELS, KINDS, recordTitle, type Kind, type KindId, type MasterRecord } from './kinds';
import { NewRecordModal } from './new-record-modal';
import { masterDataQuery } from './queries';
import { ColorCell, FlagCell, NameCell, RateCell } from './record-cells';
import { Loading } from '../../../shared/ui/loading';

/** The columns before the flags, by the kind's shape. */
function headings(kind: Kind): string[] {
  switch (kind.shape) {
    case 'named':
      return [t('settings.md.column.name')];
    case 'tax':
      return [t('settings.md.column.name'), t('settings.md.column.rate')];
    case 'label':
      return [t('settings.md.column.name'), t('settings.md.column.color')];
    case 'languagePair':
      return [t('settings.md.column.source'), t('settings.md.column.target'), t('settings.md.column.bidirectional')];
  }
}

function LeadingCells({ kind, record, canEdit }: { kind: Kind; record: MasterRecord; canEdit: boolean }) {
  if (kind.shape === 'languagePair') {
    return (
      <>
        <Table.Td>
          {record.source ? (
            <Text span fw={500}>
              {record.source.name}{' '}
              <Text span c="dimmed" size="sm">
                ({record.source.code})
              </Text>
            </Text>
          ) : (
            <Text span c="dimmed">
              {t('settings.md.noSource')}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          <Text span fw={500}>
            {record.target?.name}{' '}
            <Text span c="dimmed" size="sm">
              ({record.target?.code})
            </Text>
          </Text>
        </Table.Td>
        <Table.Td>{record.bidirectional ? t('settings.md.yes') : t('settings.md.no')}</Table.Td>
      </>
    );
  }
  return (
    <>
      <Table.Td>
        <NameCell kind={kind} record={record} canEdit={canEdit} />
      </Table.Td>
      {kind.shape === 'tax' && (
        <Table.Td>
          <RateCell kind={kind} record={record} canEdit={canEdit} />
        </Table.Td>
      )}
      {kind.shape === 'label' && (
        <Table.Td>
          <ColorCell kind={kind} record={record} canEdit={canEdit} />
        </Table.Td>
      )}
    </>
  );
}

/**
 * A kind of master data (services, units, match categories, language pairs, domains, taxes,
 * labels): its records in the API's order, each field edited in place, "New …" and delete (asks
 * first; a record in use is explained). Roles that may not change master data read it.
 */
export function MasterDataPage({ kindId }: { kindId: KindId }) {
  const kind = KINDS[kindId];
  const canEdit = useCan('master-data');
  const list = useQuery(masterDataQuery(kind));
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<MasterRecord | null>(null);
  const columns = [...headings(kind), ...kind.flags.map((flag) => t(FLAG_LABELS[flag]))];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Title order={1}>{t(kind.title)}</Title>
          <Text c="dimmed" maw={640}>
            {t(kind.intro)} {t(kind.order)}
          </Text>
        </Stack>
        {canEdit && (
          <Button flex="none" onClick={() => setAdding(true)}>
            {t(kind.add)}
          </Button>
        )}
      </Group>
      {!canEdit && <ReadOnlyNote />}
      {list.isPending && <Loading size="sm" label={t('settings.loading')} />}
      {list.isError && (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      )}
      {list.data && (
        <ScrollTable label={t(kind.title)} minWidth={560}>
          <Table verticalSpacing="xs" highlightOnHover>
            <SettingsTableHead columns={columns} actions={canEdit} />
            <Table.Tbody>
              {list.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length + (canEdit ? 1 : 0)}>
                    <Text c="dimmed">{t('settings.md.empty')}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {list.data.map((record) => (
                <Table.Tr key={record.id}>
                  <LeadingCells kind={kind} record={record} canEdit={canEdit} />
                  {kind.flags.map((flag) => (
                    <Table.Td key={flag}>
                      <FlagCell kind={kind} record={record} canEdit={canEdit} flag={flag} />
                    </Table.Td>
                  ))}
                  {canEdit && (
                    <Table.Td ta="right">
                      <SettingsDeleteButton label={t('settings.md.deleteOne', { name: recordTitle(record) })} onClick={() => setDeleting(record)} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {canEdit && <NewRecordModal kind={kind} opened={adding} onClose={() => setAdding(false)} />}
      {canEdit && <DeleteRecordDialog kind={kind} record={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}

export const ServicesPage = () => <MasterDataPage kindId="services" />;
export const UnitsPage = () => <MasterDataPage kindId="units" />;
export const MatchCategoriesPage = () => <MasterDataPage kindId="matchCategories" />;
export const LanguagePairsPage = () => <MasterDataPage kindId="languagePairs" />;
export const DomainsPage = () => <MasterDataPage kindId="domains" />;
export const TaxesPage = () => <MasterDataPage kindId="taxes" />;
export const LabelsPage = () => <MasterDataPage kindId="labels" />;
