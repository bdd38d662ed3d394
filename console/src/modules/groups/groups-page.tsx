import { Title } from '@mantine/core';
import { t } from '../../i18n';

export function GroupsPage() {
  return <Title order={1}>{t('groups.title')}</Title>;
}
