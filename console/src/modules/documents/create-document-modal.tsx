import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { t } from '../../shared/i18n';
import { formatMoney } from '../../shared/formatting/format';
import { RemoteSelect, type Options } from '../../shared/ui/remote-select';
import type { AnyDocument, DocumentKind } from './kinds';
import { PartySelect } from './party-select';
import { jobQuery } from '../../shared/api/job-query';
import { JobPicker } from './job-picker';
import { jobSearchQuery, useCreateDocument } from './queries';
import { problemText } from './problem-text';

const OUTSOURCING_CANCELLED = 5;

/**
 * "New quote/invoice/purchase order": the party first, then what goes on it — the client's jobs
 * that may still be quoted or invoiced, or a job's outsourcing with the supplier. The API checks
 * each (one live document per job, same client and currency) and its refusal is shown.
 */
export function CreateDocumentModal({
  kind,
  opened,
  onClose,
  onCreated,
}: {
  kind: DocumentKind;
  opened: boolean;
  onClose: () => void;
  onCreated: (document: AnyDocument) => void;
}) {
  const [party, setParty] = useState<string | null>(null);
  const [sources, setSources] = useState<string[]>([]);
  const create = useCreateDocument(kind);
  useEffect(() => {
    if (opened) {
      setParty(null);
      setSources([]);
      create.reset();
    }
  }, [opened]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => setSources([]), [party]);
  const submit = () => {
    if (party === null) return;
    create.mutate({ party, sources }, { onSuccess: (document) => onCreated(document) });
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(`documents.new.${kind.key}`)}
      size="lg"
      closeButtonProps={{ 'aria-label': t('action.close') }}
      lockScroll={false}
    >
      <Stack>
        <PartySelect
          kind={kind}
          required
          label={t(kind.party === 'client' ? 'documents.column.client' : 'documents.column.supplier')}
          value={party}
          onChange={setParty}
        />
        {party !== null && kind.source === 'jobs' && <JobPicker kind={kind} clientId={party} selected={sources} onChange={setSources} />}
        {party !== null && kind.source === 'outsourcing' && <OutsourcingPicker supplierId={party} selected={sources} onChange={setSources} />}
        {create.isError && (
          <Alert color="red" role="alert" title={t('documents.create.refused')}>
            {problemText(create.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('action.cancel')}
          </Button>
          <Button onClick={submit} disabled={party === null} loading={create.isPending}>
            {t('documents.create.submit', { count: sources.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A job found by name (of those outsourced to the supplier), then its outsourcing with the supplier (not cancelled). */
export function OutsourcingPicker({
  supplierId,
  selected,
  onChange,
  exclude,
}: {
  supplierId: string;
  selected: string[];
  onChange: (ids: string[]) => void;
  exclude?: ReadonlySet<string | undefined>;
}) {
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useQuery({ ...jobQuery(jobId ?? ''), enabled: jobId !== null });
  const useOptions = (q: string): Options => {
    const { data, isFetching } = useQuery(jobSearchQuery(q));
    const items = (data?.items ?? []).filter((item) => item.outsourcing.some((o) => o.supplier.id === supplierId));
    return { options: items.map((item) => ({ value: item.id, label: item.name })), loading: isFetching };
  };
  const outsourcing =
    jobId === null
      ? []
      : (job.data?.outsourcing ?? []).filter((item) => item.supplier.id === supplierId && item.status !== OUTSOURCING_CANCELLED && !exclude?.has(item.id));
  return (
    <Stack gap="xs">
      <RemoteSelect
        label={t('documents.create.job')}
        value={jobId}
        onChange={(id) => {
          setJobId(id);
          onChange([]);
        }}
        useOptions={useOptions}
        selectedLabel={jobId !== null ? (job.data?.name ?? '…') : undefined}
        nothingFound={t('documents.create.noOutsourcedJob')}
        clearable
      />
      {job.data && outsourcing.length === 0 && <Text c="dimmed">{t('documents.create.noOutsourcing')}</Text>}
      {outsourcing.length > 0 && (
        <Checkbox.Group label={t('documents.create.outsourcing')} value={selected} onChange={onChange}>
          <Stack gap={6} mt="xs">
            {outsourcing.map((item) => (
              <Checkbox key={item.id} value={item.id} label={`${item.name} — ${formatMoney(item.total, item.currency.code)}`} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
