import { Anchor, Stack, Text, Title } from '@mantine/core';
import { t, type MessageKey } from '../../i18n';

/**
 * A page of the console's second part (clients, suppliers, documents, settings): its heading and a
 * plain statement that the page is coming, with the way to do the same through the API meanwhile.
 */
export function placeholderPage(title: MessageKey) {
  return function PlaceholderPage() {
    return (
      <Stack gap="sm" maw={640}>
        <Title order={1}>{t(title)}</Title>
        <Text>{t('placeholder.text')}</Text>
        <Anchor href="/docs">{t('placeholder.apiLink')}</Anchor>
      </Stack>
    );
  };
}
