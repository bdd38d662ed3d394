import { Button } from '@mantine/core';
import { t } from '../../shared/i18n';

/**
 * The delete button of a settings table's row: `label` names what it deletes for screen readers
 * (every row has one); the text is a darker red than Mantine's, for contrast on white.
 */
export function SettingsDeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="subtle" color="red" c="red.9" size="compact-sm" aria-label={label} onClick={onClick}>
      {t('action.delete')}
    </Button>
  );
}
