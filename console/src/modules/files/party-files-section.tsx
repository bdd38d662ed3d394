import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PartySectionState } from '../../shared/ui/party-section-state';
import { partyQuery, type PartyRef } from '../../shared/api/party';
import { FilesSection } from './files-section';
import { partyFilesOwner, type PartyFile } from './party-files';

/**
 * A client's or supplier's "Files" (docs/console.md#clients-and-suppliers): the files section of
 * modules/files configured for the party; a client's files are also shared on its jobs or not.
 */
export function PartyFilesSection({ party }: { party: PartyRef }) {
  const query = useQuery(partyQuery(party));
  const { kind, id } = party;
  const owner = useMemo(() => partyFilesOwner({ kind, id }), [kind, id]);
  if (!query.data) return <PartySectionState headingId={owner.headingId} title={owner.title} query={query} />;
  return <FilesSection owner={owner} files={query.data.files as PartyFile[]} />;
}
