import { Table, VisuallyHidden } from '@mantine/core';
import { t } from '../../shared/i18n';

/**
 * The head of a settings page's table: `columns`, then, when the signed-in role may change the
 * records (`actions`), a column for the rows' buttons whose name only screen readers hear; the
 * buttons say what they do.
 */
export function SettingsTableHead({ columns, actions }: { columns: string[]; actions: boolean }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column} scope="col">
            {column}
          </Table.Th>
        ))}
        {actions && (
          <Table.Th scope="col">
            <VisuallyHidden>{t('settings.column.actions')}</VisuallyHidden>
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
