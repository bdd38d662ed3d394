import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { t } from '../i18n';

/**
 * A password field whose show/hide button is named without the word "password": the field alone
 * answers to its label ("Password"), for people using a screen reader and for tests alike.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }} {...props} />;
}
