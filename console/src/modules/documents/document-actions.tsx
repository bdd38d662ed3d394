import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { t } from '../../shared/i18n';
import { allowedActions } from './document-logic';
import { documentTitle } from './documents-table';
import type { ActionConfig, AnyDocument, DocumentKind } from './kinds';
import { EmailDialog } from './email-dialog';
import { CreditDialog } from './credit-dialog';
import { notEmailedText } from './email-status';
import { problemText } from './problem-text';
import { useDocumentAction } from './queries';

/**
 * The state moves the document's status allows (send, accept, refuse, credit, cancel, delete a
 * draft), each asked first with what it does; the API's refusal is shown in the dialog. Crediting
 * has its own dialog (credit-dialog.tsx): what to credit, why, and who will be e-mailed.
 */
export function DocumentActions({ kind, document }: { kind: DocumentKind; document: AnyDocument }) {
  const actions = allowedActions(kind, document);
  const [asking, setAsking] = useState<ActionConfig | null>(null);
  const [crediting, setCrediting] = useState(false);
  const run = useDocumentAction(kind, document.id);
  const navigate = useNavigate();
  if (actions.length === 0) return null;
  const confirm = () => {
    if (!asking) return;
    run.mutate(asking.name, {
      onSuccess: (answer) => {
        setAsking(null);
        const sent = answer as { emailed?: boolean; notEmailedReason?: string | null } | null;
        if (asking.name === 'send' && sent?.emailed === false)
          notifications.show({ closeButtonProps: { 'aria-label': t('action.close') }, color: 'yellow', message: notEmailedText(sent.notEmailedReason) });
        if (asking.name === 'delete') void navigate({ to: kind.path });
        else if (asking.name === 'credit' && answer) void navigate({ to: `${kind.path}/${answer.id}` as never });
      },
    });
  };
  return (
    <>
      <Group gap="xs" role="group" aria-label={t('documents.actions')}>
        {actions.map((action) => (
          <Button
            key={action.name}
            variant={action.danger ? 'outline' : action.name === 'send' || action.name === 'accept' ? 'filled' : 'light'}
            color={action.danger ? 'red' : undefined}
            c={action.danger ? 'red.9' : undefined}
            onClick={() => {
              run.reset();
              if (action.name === 'credit') setCrediting(true);
              else setAsking(action);
            }}
          >
            {t(action.label)}
          </Button>
        ))}
      </Group>
      {/* Sending shows the e-mail that goes with it first (email-dialog.tsx). */}
      <EmailDialog
        kind={kind}
        document={document}
        mode="send"
        opened={asking?.name === 'send'}
        onClose={() => setAsking(null)}
        onSent={(sent) => {
          if (sent.emailed === false)
            notifications.show({ closeButtonProps: { 'aria-label': t('action.close') }, color: 'yellow', message: notEmailedText(sent.notEmailedReason) });
        }}
      />
      {kind.hasPayments && (
        <CreditDialog
          kind={kind}
          document={document}
          opened={crediting}
          onClose={() => setCrediting(false)}
          onCredited={(creditNote) => {
            setCrediting(false);
            if (creditNote.emailed === false)
              notifications.show({
                closeButtonProps: { 'aria-label': t('action.close') },
                color: 'yellow',
                message: notEmailedText(creditNote.notEmailedReason),
              });
            void navigate({ to: `${kind.path}/${creditNote.id}` as never });
          }}
        />
      )}
      <Modal
        opened={asking !== null && asking.name !== 'send'}
        onClose={() => setAsking(null)}
        title={asking ? `${t(asking.label)}: ${documentTitle(kind, document)}` : ''}
        centered
        closeButtonProps={{ 'aria-label': t('action.close') }}
        lockScroll={false}
      >
        <Stack>
          {asking && <Text>{t(asking.explain, { noun: t(kind.noun) })}</Text>}
          {run.isError && (
            <Alert color="red" role="alert" title={t('documents.action.refused')}>
              {problemText(run.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              {t('action.cancel')}
            </Button>
            <Button color={asking?.danger ? 'red.9' : undefined} onClick={confirm} loading={run.isPending} data-autofocus>
              {asking ? t(asking.label) : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
