import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { t } from '../../shared/i18n';
import { clientNameQuery, clientOptionsQuery } from './queries';
import { RemoteSelect, type Options } from '../../shared/ui/remote-select';

function useClientOptions(q: string): Options {
  const { data, isFetching } = useQuery(clientOptionsQuery(q));
  return { options: (data?.items ?? []).map((client) => ({ value: client.id, label: client.name })), loading: isFetching };
}

/** A client, found by typing part of its name (GET /v2/clients?q=…). */
export function ClientSelect(props: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  error?: ReactNode;
  w?: number | string;
}) {
  const { data: name } = useQuery({ ...clientNameQuery(props.value ?? ''), enabled: props.value !== null });
  return (
    <RemoteSelect
      {...props}
      useOptions={useClientOptions}
      selectedLabel={props.value !== null ? (name ?? '…') : undefined}
      nothingFound={t('groups.noClientFound')}
      clearable
    />
  );
}
