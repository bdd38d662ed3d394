import { Alert } from '@mantine/core';
import { useSession } from '../../app/session';
import { t } from '../../i18n';

/** Said on a settings page the signed-in role may read but not change (docs/access.md#roles). */
export function ReadOnlyNote() {
  const session = useSession();
  return (
    <Alert color="gray" variant="light" title={t('settings.readOnly.title')}>
      {t('settings.readOnly.text', { role: t(`role.${session.user.role}`) })}
    </Alert>
  );
}
