import { Alert, Button, CopyButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { t } from '../i18n';
import { formatDateTime } from '../formatting/format';

/** A single-use link as the API answers it: an invitation, a password reset, a portal sign-in link. */
export interface SingleUseLink {
  url: string;
  expiresAt: string;
  emailed: boolean;
}

/**
 * A single-use link shown once to whoever made it: whether it was e-mailed to `email`, the link with
 * a copy button, until when it works, and that it will not be shown again.
 */
export function SingleUseLinkResult({ link, label, email, autoFocus = false }: { link: SingleUseLink; label: string; email: string; autoFocus?: boolean }) {
  return (
    <Stack gap="xs">
      <Alert color={link.emailed ? 'green' : 'yellow'} role="status">
        {link.emailed ? t('link.emailed', { email }) : t('link.notEmailed', { email })}
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        {/* The whole link in sight, wrapped: a one-line field would cut it off in a dialog's width. */}
        <Textarea
          label={label}
          value={link.url}
          readOnly
          autosize
          minRows={2}
          flex={1}
          styles={{ input: { wordBreak: 'break-all' } }}
          onFocus={(event) => event.currentTarget.select()}
          data-autofocus={autoFocus || undefined}
        />
        <CopyButton value={link.url}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('link.copied') : t('link.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm">{t('link.expires', { date: formatDateTime(link.expiresAt) })}</Text>
      <Text size="sm" c="dimmed">
        {t('link.once')}
      </Text>
    </Stack>
  );
}
