import { Alert, Anchor, Box, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { ApiProblem } from '../../../shared/api/client';
import { LIMITS } from '../../../shared/api/limits.gen';
import { formatBytes } from '../../../shared/formatting/format';
import { t } from '../../../shared/i18n';
import { ConfirmDelete } from '../../../shared/ui/confirm-delete';
import type { Account } from './queries';
import { TERMS_PDF_MAX_BYTES, TERMS_PDF_URL, termsPdfQuery, useRemoveTermsPdf, useUploadTermsPdf } from './client-portal-queries';

/** The client portal's fields of the account form (their names are the API's parameters, so that its errors land on them). */
export type ClientPortalValues = {
  requestEmail: string;
  requestTerms: string;
  clientsSeeProgress: boolean;
  clientsSeeDueDates: boolean;
};

export const clientPortalValuesOf = (account: Account): ClientPortalValues => ({
  requestEmail: account.requestEmail,
  requestTerms: account.requestTerms,
  clientsSeeProgress: account.clientsSeeProgress,
  clientsSeeDueDates: account.clientsSeeDueDates,
});
export const clientPortalChangesOf = (values: ClientPortalValues): ClientPortalValues => ({
  requestEmail: values.requestEmail.trim(),
  requestTerms: values.requestTerms.trim(),
  clientsSeeProgress: values.clientsSeeProgress,
  clientsSeeDueDates: values.clientsSeeDueDates,
});
/** The request address: empty, or an address with an @ (the API checks it fully). */
export const clientPortalRules = {
  requestEmail: (value: string) => (value.trim() === '' || /^[^\s@]+@[^\s@]+$/.test(value.trim()) ? null : t('settings.account.requestEmailInvalid')),
  requestTerms: (value: string) => (value.length > LIMITS.terms ? t('settings.account.error.long') : null),
};

/**
 * The "Client portal" section of `/settings/account` (docs/client-portal.md#terms): where the
 * clients' requests are e-mailed (empty: the account's e-mail), the terms text shown with the
 * request form, and the terms PDF (uploaded and removed at once, apart from the form's save) — with
 * either, a client accepts the terms with each request —, and what clients see of their jobs
 * (progress, due dates).
 */
export function ClientPortalSection({
  field,
  checkbox,
  canEdit,
}: {
  field: (name: keyof ClientPortalValues) => object;
  checkbox: (name: keyof ClientPortalValues) => object;
  canEdit: boolean;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-client-portal">
      <Title order={2} size="h4" id="account-client-portal" mb={4}>
        {t('settings.account.clientPortal')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('settings.account.clientPortalHelp')}
      </Text>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput
            type="email"
            label={t('settings.account.requestEmail')}
            description={t('settings.account.requestEmailHelp')}
            maxLength={LIMITS.text}
            {...field('requestEmail')}
          />
        </SimpleGrid>
        <Textarea
          label={t('settings.account.requestTerms')}
          description={t('settings.account.requestTermsHelp')}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={LIMITS.terms}
          {...field('requestTerms')}
        />
        <TermsPdf canEdit={canEdit} />
        <Switch
          label={t('settings.account.clientsSeeProgress')}
          description={t('settings.account.clientsSeeProgressHelp')}
          disabled={!canEdit}
          {...checkbox('clientsSeeProgress')}
        />
        <Switch
          label={t('settings.account.clientsSeeDueDates')}
          description={t('settings.account.clientsSeeDueDatesHelp')}
          disabled={!canEdit}
          {...checkbox('clientsSeeDueDates')}
        />
      </Stack>
    </Paper>
  );
}

function TermsPdf({ canEdit }: { canEdit: boolean }) {
  const pdf = useQuery(termsPdfQuery);
  const upload = useUploadTermsPdf();
  const remove = useRemoveTermsPdf();
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const send = (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    if (file.size > TERMS_PDF_MAX_BYTES) return setProblem(t('settings.account.termsPdfTooLarge'));
    upload.mutate(file, {
      onSuccess: () =>
        notifications.show({ closeButtonProps: { 'aria-label': t('action.close') }, color: 'teal', message: t('settings.account.termsPdfUploaded') }),
      onError: (error) => setProblem(error instanceof ApiProblem ? (error.details[0]?.message ?? error.message) : error.message),
    });
  };
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted) => send(accepted[0]),
    disabled: !canEdit || upload.isPending,
    noClick: true,
    noKeyboard: true,
    multiple: false,
  });
  const current = pdf.data;

  return (
    <Box {...getRootProps()}>
      <Stack gap="xs">
        <Text size="sm" fw={500} id="account-terms-pdf">
          {t('settings.account.termsPdf')}
        </Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {current ? (
          <Group gap="sm">
            <Anchor href={TERMS_PDF_URL} target="_blank" rel="noopener" c="blue.8" td="underline">
              {current.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {formatBytes(current.size)}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {pdf.isPending ? t('state.loading') : t('settings.account.termsPdfNone')}
          </Text>
        )}
        {canEdit && (
          <Group gap="sm" bg={isDragActive ? 'indigo.0' : undefined}>
            <input {...getInputProps({ 'aria-label': t('settings.account.termsPdfChoose'), accept: 'application/pdf' })} />
            <Button variant="default" onClick={open} loading={upload.isPending}>
              {current ? t('settings.account.termsPdfReplace') : t('settings.account.termsPdfUpload')}
            </Button>
            <Text c="dimmed" size="sm">
              {t('settings.account.termsPdfDrop')}
            </Text>
            {current && (
              <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                {t('settings.account.termsPdfRemove')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <ConfirmDelete
        opened={confirming}
        title={t('settings.account.termsPdfRemove')}
        text={t('settings.account.termsPdfRemoveConfirm')}
        pending={remove.isPending}
        error={remove.error?.message}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              notifications.show({ closeButtonProps: { 'aria-label': t('action.close') }, color: 'teal', message: t('settings.account.termsPdfRemoved') });
            },
          })
        }
      />
    </Box>
  );
}
