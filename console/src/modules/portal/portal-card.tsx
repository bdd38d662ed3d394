import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePortalText } from './use-portal-text';

/** The frame of the portal's pages anyone may open: "Portal", a heading, the content. */
export function PortalCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = usePortalText();
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} w={440} maw="100%" radius="md">
        <Stack gap="md">
          <Text fw={700} c="dimmed">
            {t('app.title')}
          </Text>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
