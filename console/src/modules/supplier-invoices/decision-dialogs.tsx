import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { LIMITS } from '../../shared/api/limits.gen';
import { formatMoney } from '../../shared/formatting/format';
import { t } from '../../shared/i18n';
import { useApproveSupplierInvoice, useRejectSupplierInvoice, type SupplierInvoice } from './queries';

const MODAL = { centered: true, lockScroll: false, closeButtonProps: { 'aria-label': t('action.close') } } as const;

const namesOf = (invoice: SupplierInvoice) => ({
  number: invoice.number,
  supplier: invoice.supplier.name,
  total: formatMoney(invoice.total, invoice.currency.code),
});

const done = (message: string) => notifications.show({ closeButtonProps: { 'aria-label': t('action.close') }, color: 'teal', message });

/** Approving a submitted invoice, after a confirmation (it cannot be undone: it is owed). A 409 (decided meanwhile) is said as the API says it. */
export function ApproveDialog({ invoice, onClose }: { invoice: SupplierInvoice | undefined; onClose: () => void }) {
  const approve = useApproveSupplierInvoice();
  const close = () => {
    approve.reset();
    onClose();
  };
  return (
    <Modal {...MODAL} opened={invoice !== undefined} onClose={close} title={t('supplierInvoices.approve.title')}>
      {invoice && (
        <Stack gap="md">
          <Text>{t('supplierInvoices.approve.text', namesOf(invoice))}</Text>
          {approve.error && (
            <Alert color="red" role="alert">
              {approve.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('action.cancel')}
            </Button>
            <Button
              color="teal.9"
              loading={approve.isPending}
              onClick={() =>
                approve.mutate(invoice.id, {
                  onSuccess: () => {
                    done(t('supplierInvoices.approve.done', namesOf(invoice)));
                    close();
                  },
                })
              }
            >
              {t('supplierInvoices.approve')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Rejecting a submitted invoice with a reason (required, not blank: the supplier reads it on the portal). */
export function RejectDialog({ invoice, onClose }: { invoice: SupplierInvoice | undefined; onClose: () => void }) {
  const reject = useRejectSupplierInvoice();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    reject.reset();
    setReason('');
    setMissing(false);
    onClose();
  };
  const apiReason = reject.error instanceof ApiProblem ? reject.error.fieldMessage('reason') : undefined;
  return (
    <Modal {...MODAL} opened={invoice !== undefined} onClose={close} title={t('supplierInvoices.reject.title')}>
      {invoice && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim() === '') return setMissing(true);
            reject.mutate(
              { id: invoice.id, reason: reason.trim() },
              {
                onSuccess: () => {
                  done(t('supplierInvoices.reject.done', namesOf(invoice)));
                  close();
                },
              },
            );
          }}
        >
          <Stack gap="md">
            <Text>{t('supplierInvoices.reject.text', namesOf(invoice))}</Text>
            <Textarea
              label={t('supplierInvoices.reject.reason')}
              required
              autosize
              minRows={3}
              maxLength={LIMITS.text}
              value={reason}
              error={missing ? t('supplierInvoices.reject.reasonMissing') : apiReason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setMissing(false);
              }}
              data-autofocus
            />
            {reject.error && !apiReason && (
              <Alert color="red" role="alert">
                {reject.error.message}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('action.cancel')}
              </Button>
              <Button type="submit" color="red.9" loading={reject.isPending}>
                {t('supplierInvoices.reject')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
