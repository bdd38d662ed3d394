import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { usePortalText } from './use-portal-text';
import classes from './portal.module.css';

/** A password field of the portal: its show/hide button named in the reader's language, without the word of the label. */
export function PortalPasswordInput(props: PasswordInputProps) {
  const { t } = usePortalText();
  return <PasswordInput size="md" classNames={{ input: classes.target }} visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }} {...props} />;
}
