import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { PortalPasswordInput } from './password-input';
import { useRemovePassword, useSetPassword } from './password-queries';
import { usePortalPerson } from './session';
import { usePortalText } from './use-portal-text';
import classes from './portal.module.css';

/** A password's length as the API counts it (in characters as people count them), and its bounds (docs/supplier-portal.md#passwords). */
const length = (value: string) => [...value].length;
const MIN = 10;
const MAX = 256;

/**
 * `/portal/password`: the person chooses a password, changes it (with the current one) or removes
 * it (docs/supplier-portal.md#passwords). E-mailed links keep working whatever they choose.
 */
export function PortalPasswordPage() {
  const person = usePortalPerson();
  const { t } = usePortalText();
  const [saved, setSaved] = useState<'saved' | 'removed'>();
  return (
    <Stack gap="xl" maw={560}>
      <Stack gap={4}>
        <Title order={1}>{t('password.title')}</Title>
        <Text>{person.hasPassword ? t('password.has') : t('password.intro')}</Text>
      </Stack>
      {saved && (
        <Alert color="green" role="status">
          {t(saved === 'saved' ? 'password.saved' : 'password.removed')}
        </Alert>
      )}
      <PasswordForm hasPassword={person.hasPassword} onSaved={() => setSaved('saved')} />
      {person.hasPassword && <RemovePassword onRemoved={() => setSaved('removed')} />}
    </Stack>
  );
}

function PasswordForm({ hasPassword, onSaved }: { hasPassword: boolean; onSaved: () => void }) {
  const { t } = usePortalText();
  const save = useSetPassword();
  const [problem, setProblem] = useState<string>();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', password: '', repeat: '' },
    validate: {
      currentPassword: (value) => (hasPassword && value === '' ? t('password.currentRequired') : null),
      password: (value) => (length(value) < MIN ? t('password.tooShort', { min: MIN }) : length(value) > MAX ? t('password.tooLong', { max: MAX }) : null),
      repeat: (value, values) => (value !== values.password ? t('password.mismatch') : null),
    },
  });

  const submit = form.onSubmit(async ({ currentPassword, password }) => {
    setProblem(undefined);
    try {
      await save.mutateAsync({ password, ...(hasPassword ? { currentPassword } : {}) });
      form.reset();
      onSaved();
    } catch (error) {
      // The API checks what the form checks; a wrong current password is the one refusal only it can tell.
      if (error instanceof ApiProblem && error.fieldMessage('currentPassword')) return form.setFieldError('currentPassword', t('password.currentWrong'));
      setProblem(error instanceof ApiProblem && error.status === 429 ? t('problem.throttled') : t('problem.generic'));
    }
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          {hasPassword && (
            <PortalPasswordInput
              label={t('password.current')}
              autoComplete="current-password"
              required
              key={form.key('currentPassword')}
              {...form.getInputProps('currentPassword')}
            />
          )}
          <PortalPasswordInput
            label={t('password.new')}
            description={t('password.tooShort', { min: MIN })}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PortalPasswordInput label={t('password.repeat')} autoComplete="new-password" required key={form.key('repeat')} {...form.getInputProps('repeat')} />
          <Group justify="flex-end">
            <Button type="submit" className={`${classes.target} ${classes.wrapping}`} classNames={{ label: classes.label }} loading={save.isPending}>
              {t('password.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function RemovePassword({ onRemoved }: { onRemoved: () => void }) {
  const { t } = usePortalText();
  const remove = useRemovePassword();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string>();
  return (
    <>
      <Group>
        <Button variant="default" className={`${classes.target} ${classes.wrapping}`} classNames={{ label: classes.label }} onClick={() => setAsking(true)}>
          {t('password.remove')}
        </Button>
      </Group>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('password.removeTitle')} centered closeButtonProps={{ 'aria-label': t('answer.close') }}>
        <Stack gap="sm">
          <Text>{t('password.removeText')}</Text>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" className={classes.target} onClick={() => setAsking(false)}>
              {t('password.cancel')}
            </Button>
            <Button
              color="red.9"
              className={classes.target}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    setAsking(false);
                    onRemoved();
                  },
                  onError: () => setProblem(t('problem.generic')),
                })
              }
            >
              {t('password.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
