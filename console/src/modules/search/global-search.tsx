import { TextInput } from '@mantine/core';
import { t } from '../../i18n';

/** The header's search over jobs, groups, clients and suppliers (docs/console.md#search). */
export function GlobalSearch() {
  return <TextInput aria-label={t('search.label')} placeholder={t('search.placeholder')} w={360} />;
}
