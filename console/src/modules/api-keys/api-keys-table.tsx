import { Badge, Button, Code, Stack, Table, Text } from '@mantine/core';
import { t } from '../../shared/i18n';
import { formatDateTime } from '../../shared/formatting/format';
import { ScrollTable } from '../../shared/ui/scroll-table';
import type { ApiKey } from './queries';

/** The keys: name and created, the characters they start with and the scope, user, last used, and "Revoke". */
export function ApiKeysTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    // Fits the settings column at 1 024 px (about 560 px): the creation date under the name, the scope
    // under the key's first characters, neither cut short, so Revoke stays in sight.
    <ScrollTable label={t('apiKeys.tableLabel')} minWidth={0}>
      <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label={t('apiKeys.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('apiKeys.column.name')}</Table.Th>
            <Table.Th scope="col">{t('apiKeys.column.key')}</Table.Th>
            <Table.Th scope="col">{t('apiKeys.column.user')}</Table.Th>
            <Table.Th scope="col">{t('apiKeys.column.lastUsed')}</Table.Th>
            <Table.Th scope="col">{t('apiKeys.column.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>
                <Text size="sm" fw={500} fs={key.name ? undefined : 'italic'}>
                  {key.name || t('apiKeys.unnamed')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('apiKeys.column.created')}: {formatDateTime(key.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Code style={{ whiteSpace: 'nowrap' }}>{key.prefix}…</Code>
                  <Badge
                    variant="outline"
                    color={key.scope === 'write' ? 'blue.9' : 'gray.8'}
                    styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                  >
                    {t(`apiKeys.scope.${key.scope}`)}
                  </Badge>
                </Stack>
              </Table.Td>
              <Table.Td>{key.user.name}</Table.Td>
              <Table.Td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t('apiKeys.never')}</Table.Td>
              <Table.Td>
                <Button
                  variant="outline"
                  color="red.9"
                  size="xs"
                  aria-label={t('apiKeys.revokeLabel', { name: key.name || key.prefix })}
                  onClick={() => onRevoke(key)}
                >
                  {t('apiKeys.revoke')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
