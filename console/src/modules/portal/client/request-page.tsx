import { Alert, Anchor, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { ApiProblem } from '../../../shared/api/client';
import { DetailsGrid } from '../details-grid';
import { NotFound, PortalNotFoundPage } from '../not-found-page';
import { usePortalText } from '../use-portal-text';
import { formatSize } from '../work-files';
import { fieldErrorsOf, fieldsOf, RequestFormFields, type FieldErrors } from './request-form';
import { DAY, RequestStatusBadge, useMayRequest } from './request-status';
import { clientRequestQuery, requestFileUrl, requestFormQuery, useUpdateRequest, useWithdrawRequest, type ClientRequest } from './requests-queries';
import { ClientThread } from './client-thread';
import classes from '../portal.module.css';

/**
 * `/portal/client/requests/$id` (docs/client-portal.md#requests): one request with its details and
 * files to download, what the agency answered (its reason when it declined), and while the agency
 * has not answered, Edit and Withdraw (after a confirmation). Another client's request: not found.
 */
export function ClientRequestPage() {
  const { id } = useParams({ from: '/portal/signed-in/client/requests/$id' });
  const { t } = usePortalText();
  const mayRequest = useMayRequest();
  const query = useQuery({ ...clientRequestQuery(id), enabled: mayRequest });
  if (!mayRequest) return <PortalNotFoundPage />;
  if (query.isPending) return <Loader size="sm" aria-label={t('requests.title')} />;
  if (query.isError) {
    if (query.error instanceof ApiProblem && query.error.status === 404) return <NotFound inFrame />;
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('requests.page.loadFailed')}</Text>
          <Button variant="default" size="sm" className={classes.target} onClick={() => void query.refetch()}>
            {t('work.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <RequestView request={query.data} />;
}

function RequestView({ request }: { request: ClientRequest }) {
  const text = usePortalText();
  const { t, languageName } = text;
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const details = [
    { label: t('page.service'), value: request.service.name },
    { label: t('requests.page.source'), value: languageName(request.sourceLanguage.code, request.sourceLanguage.name) },
    { label: t('requests.page.targets'), value: request.targetLanguages.map((language) => languageName(language.code, language.name)).join(', ') },
    { label: t('page.due'), value: request.dueDate ? text.formatDate(request.dueDate, DAY) : t('requests.page.noDue') },
    { label: t('requests.form.reference'), value: request.reference || t('requests.page.none') },
    { label: t('requests.form.purchaseOrder'), value: request.purchaseOrder || t('requests.page.none') },
  ];
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Anchor component={Link} to="/portal/client/requests" size="sm" className={classes.backLink}>
          ← {t('requests.page.back')}
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} size="h2" className={classes.value}>
            {t('requests.request', { number: request.number })}
          </Title>
          <RequestStatusBadge status={request.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('requests.sentOn', { date: text.formatDate(request.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
        </Text>
      </Stack>
      <Answer request={request} />
      <Text size="sm" c="teal.9" role="status">
        {saved && !editing ? t('requests.page.saved') : ''}
      </Text>
      {editing ? (
        <EditRequest
          request={request}
          onDone={(done) => {
            setEditing(false);
            setSaved(done);
          }}
        />
      ) : (
        <>
          {request.status === 'new' && <Actions request={request} onEdit={() => setEditing(true)} />}
          <Section id="portal-request-details" title={t('page.details')}>
            <DetailsGrid details={details} cols={{ base: 1, xs: 2, md: 3 }} />
          </Section>
          {request.message && (
            <Section id="portal-request-message" title={t('requests.form.message')}>
              <Text style={{ whiteSpace: 'pre-wrap' }} className={classes.value}>
                {request.message}
              </Text>
            </Section>
          )}
        </>
      )}
      <Section id="portal-request-files" title={t('requests.form.files')}>
        {request.files.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('requests.page.noFiles')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} className={classes.list}>
            {request.files.map((file) => (
              <Paper key={file.id} component="li" withBorder px="sm" py={4} radius="md">
                <Group justify="space-between" gap="xs">
                  <Anchor
                    href={requestFileUrl(request.id, file.id)}
                    download={file.name}
                    className={`${classes.value} ${classes.fileLink}`}
                    aria-label={t('requests.page.download', { name: file.name })}
                  >
                    {file.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {formatSize(text, file.size)}
                  </Text>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Section>
      {request.termsAcceptedAt && (
        <Text size="sm" c="dimmed">
          {t('requests.page.termsAccepted', { date: text.formatDate(request.termsAcceptedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
        </Text>
      )}
      <ClientThread subject={{ kind: 'requests', id: request.id }} />
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** What the agency answered, or what the client did; nothing while it is new. */
function Answer({ request }: { request: ClientRequest }) {
  const { t } = usePortalText();
  if (request.status === 'new')
    return (
      <Text size="sm" className={classes.value}>
        {t('requests.page.editable')}
      </Text>
    );
  if (request.status === 'declined')
    return (
      <Alert color="red" variant="light" title={t('requests.page.declined')}>
        {request.declineReason && (
          <Text size="sm" className={classes.value}>
            {t('requests.page.reason', { reason: request.declineReason })}
          </Text>
        )}
      </Alert>
    );
  const key = request.status === 'quoted' ? 'requests.page.quoted' : request.status === 'converted' ? 'requests.page.converted' : 'requests.page.withdrawn';
  return (
    <Alert color={request.status === 'withdrawn' ? 'gray' : 'teal'} variant="light">
      <Text size="sm">{t(key)}</Text>
    </Alert>
  );
}

/** Edit and Withdraw, while the agency has not answered. */
function Actions({ request, onEdit }: { request: ClientRequest; onEdit: () => void }) {
  const { t } = usePortalText();
  const withdraw = useWithdrawRequest(request.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Group gap="sm" className={classes.actionRow}>
        <Button variant="default" className={classes.target} onClick={onEdit}>
          {t('requests.page.edit')}
        </Button>
        <Button variant="outline" color="red.9" className={classes.target} onClick={() => setConfirming(true)}>
          {t('requests.page.withdraw')}
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('requests.page.withdrawTitle')}
        closeButtonProps={{ 'aria-label': t('answer.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('requests.page.withdrawText')}</Text>
          {withdraw.isError && (
            <Alert color="red" role="alert">
              {withdraw.error instanceof ApiProblem && withdraw.error.status === 409 ? t('requests.error.answered') : t('problem.generic')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" className={classes.target} onClick={() => setConfirming(false)}>
              {t('answer.cancel')}
            </Button>
            <Button
              color="red.9"
              className={`${classes.target} ${classes.wrapping}`}
              classNames={{ label: classes.label }}
              loading={withdraw.isPending}
              onClick={() => withdraw.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              {t('requests.page.withdrawConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The request's fields in the form, saved with `PUT` (its files and the terms stay as sent). */
function EditRequest({ request, onDone }: { request: ClientRequest; onDone: (saved: boolean) => void }) {
  const { t } = usePortalText();
  const form = useQuery(requestFormQuery);
  const update = useUpdateRequest(request.id);
  const [problem, setProblem] = useState<string>();
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  if (form.isPending) return <Loader size="sm" aria-label={t('requests.page.edit')} />;
  if (form.isError)
    return (
      <Alert color="red" role="alert">
        {t('requests.form.loadFailed')}
      </Alert>
    );
  return (
    <Paper withBorder p="md" radius="md">
      <RequestFormFields
        form={form.data}
        initial={fieldsOf(request)}
        submitLabel={t('requests.form.save')}
        pending={update.isPending}
        problem={problem}
        serverErrors={serverErrors}
        onCancel={() => onDone(false)}
        onSubmit={(fields) => {
          setProblem(undefined);
          setServerErrors({});
          update.mutate(
            { ...fields, dueDate: fields.dueDate || null },
            {
              onSuccess: () => onDone(true),
              onError: (error) => {
                if (error instanceof ApiProblem && error.status === 400) {
                  const found = fieldErrorsOf(error, t);
                  if (Object.keys(found).length > 0) return setServerErrors(found);
                }
                setProblem(error instanceof ApiProblem && error.status === 409 ? t('requests.error.answered') : t('problem.generic'));
              },
            },
          );
        }}
      />
    </Paper>
  );
}
