import { useQuery } from '@tanstack/react-query';
import { t } from '../../shared/i18n';
import { RemoteSelect, type Options } from '../../shared/ui/remote-select';
import type { DocumentKind } from './kinds';
import { partyNameQuery, partyOptionsQuery } from './queries';

/** A client (quotes, invoices) or a supplier (purchase orders), found by typing part of its name. */
export function PartySelect({
  kind,
  label,
  value,
  onChange,
  w,
  required,
  error,
}: {
  kind: DocumentKind;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  w?: number | string;
  required?: boolean;
  error?: string;
}) {
  const { data: party } = useQuery({ ...partyNameQuery(kind, value ?? ''), enabled: value !== null });
  const useOptions = (q: string): Options => {
    const { data, isFetching } = useQuery(partyOptionsQuery(kind, q));
    return { options: (data?.items ?? []).map((item) => ({ value: item.id, label: item.name })), loading: isFetching };
  };
  return (
    <RemoteSelect
      label={label}
      value={value}
      onChange={onChange}
      useOptions={useOptions}
      selectedLabel={value !== null ? (party?.name ?? '…') : undefined}
      nothingFound={t('documents.party.none')}
      clearable={!required}
      required={required}
      error={error}
      w={w}
    />
  );
}
