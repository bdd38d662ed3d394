import { Alert, Button, Code, Group, Menu, Modal, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { useCan, useSession } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { ConfirmDelete } from '../../shared/ui/confirm-delete';
import { formatDateTime } from '../../shared/formatting/format';
import { LoadProblem } from '../../shared/ui/load-problem';
import { Loading } from '../../shared/ui/loading';
import { ScrollTable } from '../../shared/ui/scroll-table';
import { useDeleteWebhook, useDeliveries, useSaveWebhook, useTestWebhook, useWebhooks, type Webhook } from './queries';
import { webhookBody, webhookProblems, type WebhookValues } from './webhook-form';

const MODAL = { centered: true, closeButtonProps: { 'aria-label': t('action.close') }, lockScroll: false } as const;

/**
 * `/webhooks` (docs/console.md#webhooks): the account's endpoints (docs/webhooks.md); owners and
 * admins create, edit, test and delete them; every role sees them and their deliveries. Each row's
 * actions are one compact menu, so that the table fits a narrow window.
 */
export function WebhooksPage() {
  const session = useSession();
  const canWrite = useCan('webhooks');
  const { data: page, error, isPending, refetch } = useWebhooks();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [watching, setWatching] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const remove = useDeleteWebhook();
  const test = useTestWebhook();

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('webhooks.title')}</Title>
        {canWrite && <Button onClick={() => setEditing('new')}>{t('webhooks.new')}</Button>}
      </Group>
      <Text c="dimmed">{t('webhooks.intro')}</Text>
      {!canWrite && (
        <Alert color="gray" role="note">
          {t('webhooks.readOnly', { role: t(`role.${session.user.role}`) })}
        </Alert>
      )}
      {test.isSuccess && (
        <Alert color="blue" role="status" withCloseButton closeButtonLabel={t('action.close')} onClose={() => test.reset()}>
          {t('webhooks.tested')}
        </Alert>
      )}
      {test.error && (
        <Alert color="red" role="alert">
          {test.error.message}
        </Alert>
      )}
      {error ? (
        <LoadProblem error={error} onRetry={refetch} />
      ) : isPending ? (
        <Loading label={t('state.loading')} />
      ) : page.items.length === 0 ? (
        <Text>{t('webhooks.empty')}</Text>
      ) : (
        <Table striped verticalSpacing="xs" layout="fixed">
          <Table.Caption>{t('webhooks.tableLabel')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w="40%">
                {t('webhooks.column.url')}
              </Table.Th>
              <Table.Th scope="col">{t('webhooks.column.events')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.column.state')}</Table.Th>
              <Table.Th scope="col" w={110}>
                {t('webhooks.column.actions')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.items.map((webhook) => (
              <Table.Tr key={webhook.id}>
                <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {webhook.url}
                  {webhook.description && (
                    <Text size="xs" c="dimmed">
                      {webhook.description}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{webhook.events.includes('*') ? t('webhooks.allEvents') : webhook.events.join(', ')}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {webhook.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}
                  </Text>
                  {webhook.disabledReason && (
                    <Text size="xs" c="dimmed">
                      {t(webhook.disabledReason === 'gone' ? 'webhooks.disabledBy.gone' : 'webhooks.disabledBy.failing')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <Button size="compact-sm" variant="light" aria-label={t('webhooks.actions', { url: webhook.url })}>
                        {t('webhooks.column.actions')}
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => setWatching(webhook)}>{t('webhooks.deliveries')}</Menu.Item>
                      {canWrite && <Menu.Item onClick={() => setEditing(webhook)}>{t('webhooks.edit')}</Menu.Item>}
                      {canWrite && <Menu.Item onClick={() => test.mutate(webhook.id)}>{t('webhooks.test')}</Menu.Item>}
                      {canWrite && (
                        <Menu.Item color="red" onClick={() => setDeleting(webhook)}>
                          {t('webhooks.delete')}
                        </Menu.Item>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <WebhookModal
          webhook={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            setEditing(null);
            setSecret(created);
          }}
        />
      )}
      <Modal opened={secret !== null} onClose={() => setSecret(null)} title={t('webhooks.secretTitle')} {...MODAL}>
        <Stack>
          <Text>{t('webhooks.secretText')}</Text>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {secret}
          </Code>
          <Group justify="flex-end">
            <Button onClick={() => setSecret(null)}>{t('action.close')}</Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDelete
        opened={deleting !== null}
        title={t('webhooks.deleteTitle')}
        text={t('webhooks.deleteText', { url: deleting?.url ?? '' })}
        pending={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => remove.mutate(deleting!.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
      {watching && <DeliveriesModal webhook={watching} onClose={() => setWatching(null)} />}
    </Stack>
  );
}

function WebhookModal({ webhook, onClose, onCreated }: { webhook?: Webhook; onClose: () => void; onCreated: (secret: string) => void }) {
  const [values, setValues] = useState<WebhookValues>({
    url: webhook?.url ?? '',
    events: webhook?.events.join(', ') ?? '*',
    description: webhook?.description ?? '',
    enabled: webhook?.enabled ?? true,
  });
  const [tried, setTried] = useState(false);
  const save = useSaveWebhook();
  const problems = tried ? webhookProblems(values) : {};
  const serverProblem = (field: string) => (save.error instanceof ApiProblem ? save.error.fieldMessage(field) : undefined);
  const submit = () => {
    setTried(true);
    if (Object.keys(webhookProblems(values)).length > 0) return;
    save.mutate(
      { id: webhook?.id, body: webhookBody(values) },
      {
        onSuccess: (saved) => {
          if (saved.secret) onCreated(saved.secret);
          else onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t(webhook ? 'webhooks.editTitle' : 'webhooks.createTitle')} {...MODAL}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('webhooks.form.url')}
            value={values.url}
            onChange={(event) => setValues({ ...values, url: event.currentTarget.value })}
            error={problems.url ?? serverProblem('url')}
            withAsterisk
            data-autofocus
          />
          <TextInput
            label={t('webhooks.form.events')}
            description={t('webhooks.form.eventsHint')}
            value={values.events}
            onChange={(event) => setValues({ ...values, events: event.currentTarget.value })}
            error={problems.events ?? serverProblem('events')}
            withAsterisk
          />
          <TextInput
            label={t('webhooks.form.description')}
            value={values.description}
            onChange={(event) => setValues({ ...values, description: event.currentTarget.value })}
            error={serverProblem('description')}
          />
          <Switch
            label={t('webhooks.form.enabled')}
            checked={values.enabled}
            onChange={(event) => setValues({ ...values, enabled: event.currentTarget.checked })}
          />
          {save.error && !serverProblem('url') && !serverProblem('events') && (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('action.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {webhook ? t('action.save') : t('webhooks.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeliveriesModal({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const { data: page, error, isPending, refetch } = useDeliveries(webhook.id);
  return (
    <Modal opened onClose={onClose} title={t('webhooks.deliveriesTitle', { url: webhook.url })} size="xl" {...MODAL}>
      {error ? (
        <LoadProblem error={error} onRetry={refetch} />
      ) : isPending ? (
        <Loading label={t('state.loading')} />
      ) : page.items.length === 0 ? (
        <Text>{t('webhooks.deliveriesEmpty')}</Text>
      ) : (
        <ScrollTable label={t('webhooks.deliveriesTitle', { url: webhook.url })} minWidth={560}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('webhooks.delivery.event')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.delivery.status')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.delivery.attempts')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.delivery.answer')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.delivery.when')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.items.map((delivery) => (
                <Table.Tr key={delivery.id}>
                  <Table.Td>{delivery.eventType}</Table.Td>
                  <Table.Td>{delivery.status}</Table.Td>
                  <Table.Td>{delivery.attempts}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{delivery.lastStatusCode ?? delivery.lastError ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(delivery.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Modal>
  );
}
