import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { unitsQuery } from '../../shared/api/choices';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { t } from '../../shared/i18n';
import { useCan } from '../../shared/session/session';
import { useConvertRequest, useDeclineRequest, useMarkQuoted, type ClientRequest } from './queries';

/** The most characters of a reason (the API's maxLength). */
const REASON_MAX = 2000;

const problemText = (error: Error | null) => (error instanceof ApiProblem ? (error.details[0]?.message ?? error.message) : error?.message);
const done = (message: string) => notifications.show({ closeButtonProps: { 'aria-label': t('action.close') }, color: 'teal', message });

/**
 * The agency's answers to a request (docs/client-portal.md#requests), for the roles that answer
 * (owner, admin, manager; others read a note): **Mark quoted** (while new, after a confirmation),
 * **Decline** (new or quoted; the reason the client reads), **Convert to jobs** (new or quoted;
 * "Draft a quote" asks for the quote too). A 409 (answered meanwhile) is said in the dialog.
 */
export function RequestActions({ request }: { request: ClientRequest }) {
  const canAnswer = useCan('projects');
  const [dialog, setDialog] = useState<'quoted' | 'decline' | 'convert'>();
  const open = request.status === 'new' || request.status === 'quoted';
  if (!open) return null;
  if (!canAnswer)
    return (
      <Alert color="gray" role="note">
        {t('requests.readOnly')}
      </Alert>
    );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="request-actions">
      <Title order={2} size="h4" id="request-actions" mb="sm">
        {t('requests.actions')}
      </Title>
      <Group gap="sm">
        <Button onClick={() => setDialog('convert')}>{t('requests.convert')}</Button>
        {request.status === 'new' && (
          <Button variant="default" onClick={() => setDialog('quoted')}>
            {t('requests.quoted')}
          </Button>
        )}
        <Button variant="outline" color="red.9" onClick={() => setDialog('decline')}>
          {t('requests.decline')}
        </Button>
      </Group>
      <QuotedDialog request={request} opened={dialog === 'quoted'} onClose={() => setDialog(undefined)} />
      <DeclineDialog request={request} opened={dialog === 'decline'} onClose={() => setDialog(undefined)} />
      <ConvertDialog request={request} opened={dialog === 'convert'} onClose={() => setDialog(undefined)} />
    </Paper>
  );
}

interface DialogProps {
  request: ClientRequest;
  opened: boolean;
  onClose: () => void;
}

function QuotedDialog({ request, opened, onClose }: DialogProps) {
  const mark = useMarkQuoted(request.id);
  const close = () => {
    mark.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('requests.quoted.title')} centered closeButtonProps={{ 'aria-label': t('action.close') }}>
      <Stack>
        <Text>{t('requests.quoted.text')}</Text>
        {mark.isError && (
          <Alert color="red" role="alert">
            {problemText(mark.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('action.cancel')}
          </Button>
          <Button loading={mark.isPending} onClick={() => mark.mutate(undefined, { onSuccess: () => (close(), done(t('requests.quoted.done'))) })}>
            {t('requests.quoted')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DeclineDialog({ request, opened, onClose }: DialogProps) {
  const decline = useDeclineRequest(request.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const close = () => {
    decline.reset();
    setError(undefined);
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') return setError(t('requests.decline.required'));
    decline.mutate(reason.trim(), { onSuccess: () => (close(), setReason(''), done(t('requests.decline.done'))) });
  };
  return (
    <Modal opened={opened} onClose={close} title={t('requests.decline.title')} centered closeButtonProps={{ 'aria-label': t('action.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea
            label={t('requests.decline.reason')}
            required
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            value={reason}
            error={error}
            data-autofocus
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(undefined);
            }}
          />
          {decline.isError && (
            <Alert color="red" role="alert">
              {problemText(decline.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('action.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={decline.isPending}>
              {t('requests.decline')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ConvertDialog({ request, opened, onClose }: DialogProps) {
  const convert = useConvertRequest(request.id);
  const [quote, setQuote] = useState(false);
  // The jobs' unit: a CAT report among the files gives its own; without one the API asks for it.
  const units = useQuery(unitsQuery);
  const [unit, setUnit] = useState('');
  const close = () => {
    convert.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('requests.convert.title')} centered closeButtonProps={{ 'aria-label': t('action.close') }}>
      <Stack>
        <Text>{t('requests.convert.text')}</Text>
        <NativeSelect
          label={t('requests.convert.unit')}
          description={t('requests.convert.unitHelp')}
          data={[
            { value: '', label: t('requests.convert.unitFromReport') },
            ...(units.data ?? []).filter((item) => !item.disabled).map((item) => ({ value: item.id, label: item.name })),
          ]}
          value={unit}
          onChange={(event) => setUnit(event.currentTarget.value)}
        />
        <Checkbox label={t('requests.convert.quote')} checked={quote} onChange={(event) => setQuote(event.currentTarget.checked)} />
        {convert.isError && (
          <Alert color="red" role="alert">
            {problemText(convert.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('action.cancel')}
          </Button>
          <Button
            loading={convert.isPending}
            onClick={() =>
              convert.mutate({ quote, quantityType: unit === '' ? undefined : unit }, { onSuccess: () => (close(), done(t('requests.convert.done'))) })
            }
          >
            {t('requests.convert')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
