import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { t } from '../../shared/i18n';
import { formatMoney, formatNumber } from '../../shared/formatting/format';
import { contactsQuery } from '../contacts';
import { REASON_MAX, creditRecipients, creditRequest, creditableLines, leftToCredit, wholeAllowed, type CreditValues } from './credit-logic';
import { documentTitle } from './documents-table';
import type { AnyDocument, DocumentKind } from './kinds';
import { problemText } from './problem-text';
import { useCreditInvoice } from './queries';

/**
 * Crediting an invoice (docs/console.md#quotes-invoices-credit-notes-and-purchase-orders): the whole
 * invoice, chosen lines or quantities, or an amount, with a reason; who the credit note will be
 * e-mailed to (the client's contacts that receive invoices, as the send picks them) before it is made.
 */
export function CreditDialog({
  kind,
  document,
  opened,
  onClose,
  onCredited,
}: {
  kind: DocumentKind;
  document: AnyDocument;
  opened: boolean;
  onClose: () => void;
  onCredited: (creditNote: AnyDocument & { emailed?: boolean; notEmailedReason?: string | null }) => void;
}) {
  const currency = document.currency.code;
  const canWhole = wholeAllowed(document);
  const initial = (): CreditValues => ({ mode: canWhole ? 'whole' : 'lines', reason: '', lines: {}, amount: '' });
  const [values, setValues] = useState<CreditValues>(initial);
  const [shown, setShown] = useState<Record<string, string>>({});
  const credit = useCreditInvoice(kind, document.id);
  const client = document.client;
  const contacts = useQuery({ ...contactsQuery({ kind: 'client', id: client?.id ?? '' }), enabled: opened && client !== undefined });
  const recipients = creditRecipients(contacts.data ?? []);
  const lines = creditableLines(document);
  // A field's error goes as soon as it is changed; the next try checks everything again.
  const forget = (...keys: string[]) => setShown((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key))));
  const set = (change: Partial<CreditValues>) => {
    forget(...Object.keys(change));
    setValues((current) => ({ ...current, ...change }));
  };
  const setLine = (id: string, change: Partial<CreditValues['lines'][string]>) => {
    forget(`line:${id}`, 'lines');
    setValues((current) => ({ ...current, lines: { ...current.lines, [id]: { checked: false, quantity: '', ...current.lines[id], ...change } } }));
  };

  const submit = () => {
    const { errors, body } = creditRequest(document, values);
    setShown(errors);
    if (body === null) return;
    credit.mutate(values.mode === 'whole' && body.reason === undefined ? null : body, { onSuccess: onCredited });
  };
  const close = () => {
    setValues(initial());
    setShown({});
    credit.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`${t('documents.action.credit')}: ${documentTitle(kind, document)}`}
      centered
      size="xl"
      closeButtonProps={{ 'aria-label': t('action.close') }}
      lockScroll={false}
    >
      <Stack>
        <Radio.Group label={t('documents.credit.mode')} value={values.mode} onChange={(mode) => set({ mode: mode })}>
          <Group mt="xs">
            <Radio value="whole" label={t('documents.credit.whole')} disabled={!canWhole} />
            <Radio value="lines" label={t('documents.credit.lines')} />
            <Radio value="amount" label={t('documents.credit.amount')} />
          </Group>
        </Radio.Group>
        {!canWhole && <Text size="sm">{t('documents.credit.partlyCredited', { amount: formatMoney(document.creditedAmount ?? 0, currency) })}</Text>}
        {values.mode === 'whole' && <Text size="sm">{t('documents.credit.wholeExplain')}</Text>}
        {values.mode !== 'whole' && <Text size="sm">{t('documents.credit.left', { amount: formatMoney(leftToCredit(document), currency) })}</Text>}
        {values.mode === 'lines' && (
          <Stack gap={4}>
            <Table withTableBorder captionSide="top" layout="fixed">
              <Table.Caption>{t('documents.credit.linesCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('documents.credit.lineColumn')}</Table.Th>
                  <Table.Th scope="col" w={200}>
                    {t('documents.credit.quantityColumn')}
                  </Table.Th>
                  <Table.Th scope="col" w={120} ta="right">
                    {t('documents.credit.lineTotal')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line) => {
                  const value = values.lines[line.id];
                  const error = shown[`line:${line.id}`];
                  return (
                    <Table.Tr key={line.id}>
                      <Table.Td>
                        <Checkbox
                          label={line.description}
                          checked={value?.checked ?? false}
                          onChange={(event) => setLine(line.id, { checked: event.currentTarget.checked })}
                          aria-label={t('documents.credit.creditLine', { line: line.description })}
                        />
                      </Table.Td>
                      <Table.Td>
                        {line.wholeOnly ? (
                          <Text size="sm">{t('documents.credit.wholeLine')}</Text>
                        ) : (
                          <TextInput
                            size="xs"
                            inputMode="decimal"
                            aria-label={t('documents.credit.quantityOf', { line: line.description })}
                            placeholder={formatNumber(Math.abs(line.quantity), 6)}
                            description={t('documents.credit.quantityHint', { max: formatNumber(Math.abs(line.quantity), 6) })}
                            value={value?.quantity ?? ''}
                            error={error}
                            disabled={!(value?.checked ?? false)}
                            onChange={(event) => setLine(line.id, { quantity: event.currentTarget.value })}
                          />
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(line.total, currency)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            {shown.lines && (
              <Text c="red.8" size="sm" role="alert">
                {shown.lines}
              </Text>
            )}
          </Stack>
        )}
        {values.mode === 'amount' && (
          <TextInput
            label={t('documents.credit.amountLabel')}
            description={t('documents.credit.amountHint')}
            inputMode="decimal"
            rightSection={<Text size="sm">{currency}</Text>}
            rightSectionWidth={48}
            value={values.amount}
            error={shown.amount}
            onChange={(event) => set({ amount: event.currentTarget.value })}
            required
          />
        )}
        <Textarea
          label={t('documents.credit.reason')}
          description={t('documents.credit.reasonHint')}
          value={values.reason}
          error={shown.reason}
          maxLength={REASON_MAX}
          autosize
          minRows={2}
          required={values.mode !== 'whole'}
          onChange={(event) => set({ reason: event.currentTarget.value })}
        />
        <Alert color={recipients.to.length === 0 && !contacts.isPending ? 'yellow' : 'blue'} data-testid="credit-recipients">
          {contacts.isPending ? (
            t('documents.credit.recipientsLoading')
          ) : recipients.to.length === 0 ? (
            t('documents.credit.nobody', { client: client?.name ?? '' })
          ) : (
            <>
              {t('documents.credit.recipients', { to: recipients.to.map((r) => `${r.name} <${r.address}>`).join(', ') })}
              {recipients.cc.length > 0 && ` ${t('documents.credit.copies', { cc: recipients.cc.map((r) => `${r.name} <${r.address}>`).join(', ') })}`}
            </>
          )}
        </Alert>
        {credit.isError && (
          <Alert color="red" role="alert" title={t('documents.action.refused')}>
            {problemText(credit.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('action.cancel')}
          </Button>
          <Button color="red.9" onClick={submit} loading={credit.isPending}>
            {t('documents.credit.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
