import { Alert, Button, CopyButton, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { t } from '../../shared/i18n';
import { showProblem } from '../../shared/ui/form-errors';
import type { User } from '../users';
import { useCreateApiKey, type NewApiKey } from './queries';
import { LIMITS } from '../../shared/api/limits.gen';

/**
 * "New API key": a name, a scope and, for owners and admins, the user it acts as (POST
 * /v2/api-keys). The answer's secret is shown here once, with a copy button; closing forgets it.
 */
export function NewKeyModal({ opened, me, users, onClose }: { opened: boolean; me: string; users: User[] | undefined; onClose: () => void }) {
  const create = useCreateApiKey();
  const [problem, setProblem] = useState<string>();
  const [made, setMade] = useState<NewApiKey>();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', scope: 'write' as 'read' | 'write', userId: me },
    validate: {
      name: (value) => (value.trim() === '' ? t('apiKeys.field.nameRequired') : value.trim().length > LIMITS.text ? t('users.field.tooLong') : null),
    },
  });
  const close = () => {
    form.reset();
    setProblem(undefined);
    setMade(undefined);
    create.reset();
    onClose();
  };
  // Keys can act only as active users (an invited or disabled user's key could not work).
  const userOptions = users
    ?.filter((user) => user.status === 'active')
    .map((user) => ({ value: user.id, label: user.email ? `${user.name} (${user.email})` : user.name }));

  return (
    <Modal
      lockScroll={false}
      opened={opened}
      onClose={close}
      title={made ? t('apiKeys.secret.title') : t('apiKeys.new')}
      size="lg"
      closeOnClickOutside={!made}
      closeButtonProps={{ 'aria-label': t('action.close') }}
    >
      {made ? (
        <Stack>
          <Alert color="gray" role="status" title={t('apiKeys.secret.once')}>
            {t('apiKeys.secret.usage')}
          </Alert>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('apiKeys.secret.label', { name: made.name })}
              value={made.secret}
              readOnly
              flex={1}
              ff="monospace"
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={made.secret}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('apiKeys.secret.copied') : t('apiKeys.secret.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">
            {t(`apiKeys.scope.${made.scope}`)} · {made.user.name}
          </Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t('apiKeys.secret.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            setProblem(undefined);
            create.mutate(
              { name: values.name.trim(), scope: values.scope, ...(values.userId !== me ? { userId: values.userId } : {}) },
              { onSuccess: setMade, onError: (error) => setProblem(showProblem(form, error)) },
            );
          })}
        >
          <Stack gap="sm">
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <TextInput
              label={t('apiKeys.field.name')}
              description={t('apiKeys.field.nameHint')}
              required
              data-autofocus
              maxLength={LIMITS.text}
              autoComplete="off"
              {...form.getInputProps('name')}
            />
            <Radio.Group label={t('apiKeys.field.scope')} {...form.getInputProps('scope')}>
              <Stack gap="xs" mt="xs">
                <Radio value="write" label={t('apiKeys.scope.write')} description={t('apiKeys.scopeHelp.write')} />
                <Radio value="read" label={t('apiKeys.scope.read')} description={t('apiKeys.scopeHelp.read')} />
              </Stack>
            </Radio.Group>
            {userOptions && (
              <Select
                label={t('apiKeys.field.user')}
                description={t('apiKeys.field.userHint')}
                data={userOptions}
                allowDeselect={false}
                searchable
                comboboxProps={{ withinPortal: false }}
                {...form.getInputProps('userId')}
              />
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('action.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('apiKeys.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
