import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '../../shared/i18n';

/** The frame of the pages anyone may open: the product's name, a heading, a short text, the form. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={420} maw="100%" radius="md">
        <Stack gap="md">
          <Text fw={700} c="dimmed">
            {t('app.name')}
          </Text>
          <Title order={1} size="h2">
            {title}
          </Title>
          {intro && <Text size="sm">{intro}</Text>}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
