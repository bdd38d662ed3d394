import { api, data } from '../../shared/api/client';
import { t } from '../../shared/i18n';
import { PARTY_COLLECTION, partyQuery, type PartyRef } from '../../shared/api/party';
import type { FilesOwner, ListedFile } from './files-owner';

/** A client's file has `shareOnJobs`; a supplier's has no sharing (docs/files.md). */
export type PartyFile = ListedFile & { shareOnJobs?: boolean };

/**
 * A client's or supplier's files for the files section: read from the party's record (its `files`),
 * which is read again after a change (its `updatedAt` moves too: the lists are marked stale). A
 * client's files are shared on its jobs or not; a supplier's are not shared.
 */
export function partyFilesOwner(party: PartyRef): FilesOwner<PartyFile> {
  const collection = PARTY_COLLECTION[party.kind];
  const base = `/v2/${collection}/${encodeURIComponent(party.id)}/files`;
  const path = { id: party.id };
  return {
    headingId: `${party.kind}-files-${party.id}`,
    title: t('partyRecords.files'),
    uploadUrl: `${base}/upload`,
    downloadUrl: (file) => `${base}/${encodeURIComponent(file.id)}/download`,
    remove: (fileId) =>
      party.kind === 'client'
        ? data(api.DELETE('/v2/clients/{id}/files/{fileId}', { params: { path: { ...path, fileId } } }))
        : data(api.DELETE('/v2/suppliers/{id}/files/{fileId}', { params: { path: { ...path, fileId } } })),
    refresh: async (queryClient) => {
      void queryClient.invalidateQueries({ queryKey: [collection, 'list'] });
      await queryClient.invalidateQueries({ queryKey: partyQuery(party).queryKey });
    },
    sharing:
      party.kind === 'client'
        ? {
            column: t('partyRecords.files.sharedColumn'),
            switchLabel: (file) => t('partyRecords.files.share', { name: file.name }),
            isShared: (file) => file.shareOnJobs === true,
            text: (_file, shared) => t(shared ? 'partyRecords.files.shared' : 'partyRecords.files.notShared'),
            set: (fileId, shared) => {
              const params = { params: { path: { ...path, fileId } } };
              return shared
                ? data(api.PUT('/v2/clients/{id}/files/{fileId}/share/with-jobs', params))
                : data(api.DELETE('/v2/clients/{id}/files/{fileId}/share/with-jobs', params));
            },
          }
        : undefined,
  };
}
