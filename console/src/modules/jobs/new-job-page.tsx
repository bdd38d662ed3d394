import { Title } from '@mantine/core';
import { t } from '../../i18n';

export function NewJobPage() {
  return <Title order={1}>{t('newJob.title')}</Title>;
}
