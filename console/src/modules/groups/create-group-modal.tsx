import { Alert, Button, Group as Row, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { t } from '../../shared/i18n';
import { showProblem } from '../../shared/ui/form-errors';
import { ClientSelect } from './client-select';
import { checkName, checkText } from './group-form-rules';
import { useCreateGroup } from './queries';
import { DateField } from '../../shared/ui/date-field';
import { LIMITS } from '../../shared/api/limits.gen';

type NewGroupValues = {
  name: string;
  client: string | null;
  dueDate: string;
  externalReference: string;
};

/** "New group": a name, and optionally its client, due date and reference (POST /v2/groups); then its page. */
export function CreateGroupModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateGroup();
  const [problem, setProblem] = useState<string>();
  const form = useForm<NewGroupValues>({
    mode: 'controlled',
    initialValues: { name: '', client: null, dueDate: '', externalReference: '' },
    validate: { name: checkName, externalReference: checkText },
  });
  const close = () => {
    form.reset();
    setProblem(undefined);
    onClose();
  };

  return (
    <Modal lockScroll={false} opened={opened} onClose={close} title={t('groups.new')} closeButtonProps={{ 'aria-label': t('action.close') }}>
      <form
        noValidate

        onSubmit={form.onSubmit((values) => {
          setProblem(undefined);
          create.mutate(
            {
              name: values.name.trim(),
              client: values.client ?? undefined,
              dueDate: values.dueDate || undefined,
              externalReference: values.externalReference.trim() || undefined,
            },
            {
              onSuccess: (group) => {
                close();
                void navigate({ to: '/groups/$groupId', params: { groupId: group.id } });
              },
              onError: (error) => setProblem(showProblem(form, error)),
            },
          );
        })}
      >
        <Stack gap="sm">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextInput label={t('group.field.name')} required data-autofocus maxLength={LIMITS.text} {...form.getInputProps('name')} />
          <ClientSelect
            label={t('group.field.client')}
            placeholder={t('group.field.noClient')}
            value={form.values.client}
            onChange={(client) => form.setFieldValue('client', client)}
            error={form.errors.client}
          />
          <DateField label={t('group.field.dueDate')} {...form.getInputProps('dueDate')} />
          <TextInput label={t('group.field.externalReference')} maxLength={LIMITS.text} {...form.getInputProps('externalReference')} />
          <Row justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('action.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('groups.create')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
