import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { usePortalText } from './use-portal-text';

/**
 * A path under /portal that is no page, or work that is not the person's: in the portal's
 * language, back to the portal's home (never the agency's). In the signed-in frame (`inFrame`) it
 * is the frame's page, not a main landmark of its own.
 */
export function PortalNotFoundPage() {
  return <NotFound inFrame={false} />;
}

export function NotFound({ inFrame }: { inFrame: boolean }) {
  const { t } = usePortalText();
  return (
    <Stack p={inFrame ? 0 : 'xl'} component={inFrame ? 'div' : 'main'}>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.text')}</Text>
      <Anchor component={Link} to="/portal">
        {t('notFound.back')}
      </Anchor>
    </Stack>
  );
}
