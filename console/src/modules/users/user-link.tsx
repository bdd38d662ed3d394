import { Alert, Button, CopyButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { t } from '../../shared/i18n';
import { formatDateTime } from '../../shared/formatting/format';
import type { UserLink } from './queries';

/**
 * A single-use link made for a user (an invitation, a password reset), shown once to whoever made
 * it: the link with a copy button, whether it was e-mailed, and until when it works.
 */
export function UserLinkResult({ link, label, email }: { link: UserLink; label: string; email: string }) {
  return (
    <Stack gap="xs">
      <Alert color={link.emailed ? 'green' : 'yellow'} role="status">
        {link.emailed ? t('users.link.emailed', { email }) : t('users.link.notEmailed', { email })}
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        {/* The whole link in sight, wrapped: a one-line field cut it off in a dialog's width. */}
        <Textarea
          label={label}
          value={link.url}
          readOnly
          autosize
          minRows={2}
          flex={1}
          styles={{ input: { wordBreak: 'break-all' } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={link.url}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('users.link.copied') : t('users.link.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm">{t('users.link.expires', { date: formatDateTime(link.expiresAt) })}</Text>
      <Text size="sm" c="dimmed">
        {t('users.link.once')}
      </Text>
    </Stack>
  );
}
