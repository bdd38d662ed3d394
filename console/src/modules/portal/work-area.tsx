import { Paper, Stack, Text, Title } from '@mantine/core';
import { usePortalText } from './use-portal-text';
import classes from './portal.module.css';

/**
 * The place of the person's work on the home page: the supplier's offers and jobs
 * (`/v2/portal/work…`) come here. Until they do, it says where they will appear.
 */
export function WorkArea() {
  const { t } = usePortalText();
  return (
    <Stack gap="sm" component="section" aria-labelledby="portal-work-title">
      <Title order={2} size="h3" id="portal-work-title">
        {t('work.title')}
      </Title>
      <Paper p="lg" radius="md" className={classes.empty}>
        <Text fw={500}>{t('work.empty')}</Text>
        <Text size="sm" c="dimmed">
          {t('work.emptyHint')}
        </Text>
      </Paper>
    </Stack>
  );
}
