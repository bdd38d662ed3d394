import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { usePortalText } from './use-portal-text';

/** A path under /portal that is no page: in the portal's language, back to the portal's home (never the agency's). */
export function PortalNotFoundPage() {
  const { t } = usePortalText();
  return (
    <Stack p="xl" component="main">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.text')}</Text>
      <Anchor component={Link} to="/portal">
        {t('notFound.back')}
      </Anchor>
    </Stack>
  );
}
