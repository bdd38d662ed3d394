import { Alert, Button, Group, List, Modal, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { t } from '../../shared/i18n';
import { documentTitle } from './documents-table';
import { emailRules, formValuesOf, requestOf, type EmailFormValues } from './email-form';
import type { AnyDocument, DocumentKind } from './kinds';
import { emailDraftQuery, useSendEmail, type EmailDraft } from './mail-queries';
import { problemText } from './problem-text';

/** The warning's title dark enough to read on its yellow (axe: color-contrast; Mantine's yellow title is 2.7:1). */
const WARNING = { title: { color: 'var(--mantine-color-dark-9)' } };

export type SendAnswer = AnyDocument & { emailed?: boolean; notEmailedReason?: string | null };

/**
 * The e-mail of a document before it goes (docs/console.md#e-mailing-documents): the recipients
 * (editable), the subject, the message and the attachments, from `GET …/:id/email-draft`; it says
 * before sending when nobody will get an e-mail. `send` numbers a draft and e-mails it (the
 * document's first send); `again` e-mails a sent document once more.
 */
export function EmailDialog(props: {
  kind: DocumentKind;
  document: AnyDocument;
  mode: 'send' | 'again';
  opened: boolean;
  onClose: () => void;
  onSent?: (answer: SendAnswer) => void;
}) {
  const { kind, document, mode, opened, onClose } = props;
  const draft = useQuery({ ...emailDraftQuery(kind, document.id), enabled: opened });
  const title = t(mode === 'send' ? 'documentMail.dialog.send' : 'documentMail.dialog.again', { title: documentTitle(kind, document) });
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered closeButtonProps={{ 'aria-label': t('action.close') }} lockScroll={false}>
      {draft.isPending && <Text c="dimmed">{t('documentMail.loading')}</Text>}
      {draft.isError && (
        <Alert color="red" role="alert">
          {problemText(draft.error)}
        </Alert>
      )}
      {draft.data && <EmailForm {...props} draft={draft.data} />}
    </Modal>
  );
}

function EmailForm({
  kind,
  document,
  mode,
  onClose,
  onSent,
  draft,
}: {
  kind: DocumentKind;
  document: AnyDocument;
  mode: 'send' | 'again';
  onClose: () => void;
  onSent?: (answer: SendAnswer) => void;
  draft: EmailDraft;
}) {
  const form = useForm<EmailFormValues>({ initialValues: formValuesOf(draft), validate: emailRules });
  const send = useSendEmail(kind, document.id, mode);
  const { setValues, resetDirty } = form;
  // A newer draft (the dialog opened again) starts the form afresh.
  useEffect(() => {
    setValues(formValuesOf(draft));
    resetDirty(formValuesOf(draft));
  }, [draft, setValues, resetDirty]);
  const noun = t(kind.noun).toLowerCase();
  const noSmtp = draft.notEmailedReason === 'smtp_not_configured';
  const nobody = !noSmtp && form.values.to.length === 0;
  const submit = form.onSubmit((values) => {
    send.mutate(requestOf(values, draft), {
      onSuccess: (answer) => {
        onClose();
        if (mode === 'again')
          notifications.show({
            closeButtonProps: { 'aria-label': t('action.close') },
            color: 'teal',
            message: t('documentMail.queued', { recipients: values.to.join(', ') }),
          });
        else onSent?.(answer as SendAnswer);
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {mode === 'send' && <Text>{t('documents.explain.send', { noun })}</Text>}
        {noSmtp && (
          <Alert color="yellow" role="status" title={t('documentMail.nobody.title')} styles={WARNING}>
            {t(mode === 'send' ? 'documentMail.noSmtp' : 'documentMail.noSmtpAgain', { noun })}
          </Alert>
        )}
        {!noSmtp && (
          <>
            <TagsInput
              label={t('documentMail.to')}
              description={
                draft.recipientsSource === 'party' && form.values.to.length > 0
                  ? t('documentMail.source.party', { noun, party: kind.party })
                  : t('documentMail.recipientsHint')
              }
              splitChars={[',', ';', ' ']}
              clearable={false}
              acceptValueOnBlur
              {...form.getInputProps('to')}
            />
            <TagsInput label={t('documentMail.cc')} splitChars={[',', ';', ' ']} acceptValueOnBlur {...form.getInputProps('cc')} />
            {nobody && (
              <Alert color="yellow" role="status" title={t('documentMail.nobody.title')} styles={WARNING}>
                {t(mode === 'send' ? 'documentMail.nobody.send' : 'documentMail.nobody.again', { noun })}
              </Alert>
            )}
            <TextInput label={t('documentMail.subject')} required {...form.getInputProps('subject')} />
            <Textarea
              label={t('documentMail.message')}
              description={document.number === null ? t('documentMail.numberHint', { number: '{number}', noun }) : undefined}
              required
              autosize
              minRows={6}
              maxRows={14}
              {...form.getInputProps('message')}
            />
            <Stack gap={2}>
              <Text fw={600} size="sm" id={`attachments-${document.id}`}>
                {t('documentMail.attachments')}
              </Text>
              <List size="sm" aria-labelledby={`attachments-${document.id}`}>
                {draft.attachments.map((file) => (
                  <List.Item key={file.filename}>{file.optional ? t('documentMail.eInvoiceIfPossible', { name: file.filename }) : file.filename}</List.Item>
                ))}
              </List>
            </Stack>
          </>
        )}
        {send.isError && (
          <Alert color="red" role="alert" title={t('documents.action.refused')}>
            {problemText(send.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending} disabled={mode === 'again' && (noSmtp || nobody)} data-autofocus>
            {t(mode === 'send' ? 'documentMail.sendButton' : 'documentMail.sendAgainButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
