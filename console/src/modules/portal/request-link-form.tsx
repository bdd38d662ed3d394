import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { requestSignInLink } from './queries';
import { usePortalText } from './use-portal-text';
import classes from './portal.module.css';

/**
 * "E-mail me a sign-in link": the server answers the same whether or not the address has access,
 * and so does the form.
 */
export function RequestLinkForm({ onSent }: { onSent?: () => void }) {
  const { t } = usePortalText();
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string>();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: { email: (value) => (/^[^\s@]+@[^\s@]+$/.test(value.trim()) ? null : t('requestLink.emailInvalid')) },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setProblem(undefined);
    try {
      await requestSignInLink(email.trim());
      setSent(true);
      onSent?.();
    } catch (error) {
      setProblem(error instanceof ApiProblem && error.status === 429 ? t('problem.throttled') : t('problem.generic'));
    }
  });

  if (sent)
    return (
      <Stack gap="sm">
        <Alert color="green" role="status">
          {t('requestLink.sent')}
        </Alert>
        <Button
          variant="default"
          classNames={{ root: classes.wrapping, label: classes.label }}
          onClick={() => {
            form.reset();
            setSent(false);
          }}
        >
          {t('requestLink.again')}
        </Button>
      </Stack>
    );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('requestLink.intro')}</Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <TextInput
          label={t('requestLink.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          size="md"
          classNames={{ input: classes.target }}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" classNames={{ root: classes.wrapping, label: classes.label }} loading={form.submitting}>
          {t('requestLink.submit')}
        </Button>
      </Stack>
    </form>
  );
}
