import { Alert } from '@mantine/core';
import { useSession } from '../../shared/session/session';
import { t } from '../../shared/i18n';

/**
 * Said on a settings page the signed-in role may read but not change (docs/access.md#roles);
 * `text` says who may, where others than the owner and admin may (exchange rates: finance too).
 */
export function ReadOnlyNote({ text }: { text?: string } = {}) {
  const session = useSession();
  return (
    <Alert color="gray" variant="light" title={t('settings.readOnly.title')}>
      {text ?? t('settings.readOnly.text', { role: t(`role.${session.user.role}`) })}
    </Alert>
  );
}
