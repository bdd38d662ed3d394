import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useSession } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { showProblem } from '../../shared/ui/form-errors';
import { useRenameSelf } from './queries';
import { LIMITS } from '../../shared/api/limits.gen';

/** What the API takes (docs/access.md#users): 1 to 255 characters once trimmed. */
const NAME_MAX = LIMITS.text;

/**
 * `/settings/name`: the signed-in user's own name (PATCH /v2/users/me), whatever their role. It is
 * what records, the header and the invitations they send show: a new account's first user is
 * "Owner" until they give theirs.
 */
export function NamePage() {
  const session = useSession();
  const rename = useRenameSelf();
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: session.user.name },
    validate: {
      name: (value) => (value.trim() === '' ? t('ownName.required') : value.trim().length > NAME_MAX ? t('ownName.tooLong', { max: NAME_MAX }) : null),
    },
  });

  return (
    <Stack gap="md" maw={480}>
      <Title order={1}>{t('ownName.title')}</Title>
      <Text c="dimmed">{t('ownName.intro')}</Text>
      {done && (
        <Alert color="green" role="status">
          {t('ownName.done')}
        </Alert>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit(({ name }) => {
          setProblem(undefined);
          setDone(false);
          rename.mutate(
            { name: name.trim() },
            {
              onSuccess: () => setDone(true),
              onError: (error) => setProblem(showProblem(form, error)),
            },
          );
        })}
      >
        <Stack gap="sm">
          <TextInput label={t('ownName.label')} autoComplete="name" required maxLength={NAME_MAX} key={form.key('name')} {...form.getInputProps('name')} />
          <Button type="submit" loading={rename.isPending} w="fit-content">
            {t('ownName.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
