import { Title } from '@mantine/core';
import { t } from '../../i18n';

export function JobsPage() {
  return <Title order={1}>{t('jobs.title')}</Title>;
}
