import { useRef, useState, type RefObject } from 'react';
import { Alert, Anchor, Badge, Box, Button, Group, Paper, Progress, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useDropzone } from 'react-dropzone';
import { useCan } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { formatBytes, formatDateTime } from '../../shared/formatting/format';
import { ConfirmRecordDelete } from '../../shared/ui/confirm-delete';
import { ScrollTable } from '../../shared/ui/scroll-table';
import type { FileSharing, FilesOwner, ListedFile } from './files-owner';
import { useDeleteFile, useFileUploads, useShareFile } from './files-queries';
import { progressPercent, type Upload } from './files-uploads';

/**
 * A record's "Files" section (the job page, a client's or a supplier's page: docs/console.md): its
 * files, downloaded through the session; a role that may change project work uploads (a button or a
 * drop onto the section, several files at once, each with its progress), shares (as the owner
 * shares) and deletes. One implementation, configured per owner (files-owner.ts).
 */
export function FilesSection<F extends ListedFile>({ owner, files }: { owner: FilesOwner<F>; files: readonly F[] }) {
  const canWrite = useCan('projects');
  const { uploads, start, cancel, dismiss } = useFileUploads(owner);
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted) => start(accepted),
    disabled: !canWrite,
    // The button opens the file chooser; the section only takes drops (its own keyboard focus would
    // be one more stop that does nothing the button does not).
    noClick: true,
    noKeyboard: true,
    multiple: true,
  });
  const { headingId } = owner;
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <section aria-labelledby={headingId}>
      <Box {...getRootProps()} pos="relative">
        <Stack gap="sm">
          <Title order={2} id={headingId} ref={heading} tabIndex={-1}>
            {owner.title}
          </Title>
          {canWrite && (
            <Paper withBorder p="sm" bg={isDragActive ? 'indigo.0' : undefined}>
              <input {...getInputProps({ 'aria-label': t('files.chooseFiles') })} />
              <Group gap="sm">
                <Button onClick={open}>{t('files.upload')}</Button>
                <Text c="dimmed" size="sm">
                  {isDragActive ? t('files.dropNow') : t('files.dropHint')}
                </Text>
              </Group>
            </Paper>
          )}
          {uploads.length > 0 && (
            <Stack gap="xs">
              {uploads.map((upload) => (
                <UploadRow key={upload.key} upload={upload} onCancel={() => cancel(upload.key)} onDismiss={() => dismiss(upload.key)} />
              ))}
            </Stack>
          )}
          {files.length === 0 ? <Text c="dimmed">{t('files.none')}</Text> : <FilesTable owner={owner} files={files} canWrite={canWrite} heading={heading} />}
        </Stack>
      </Box>
    </section>
  );
}

function UploadRow({ upload, onCancel, onDismiss }: { upload: Upload; onCancel: () => void; onDismiss: () => void }) {
  if (upload.state === 'failed') {
    const tooLarge = upload.error?.status === 413;
    return (
      <Alert
        color="red"
        title={t(tooLarge ? 'files.tooLarge' : 'files.uploadFailed', { name: upload.name })}
        withCloseButton
        closeButtonLabel={t('files.dismiss', { name: upload.name })}
        onClose={onDismiss}
      >
        {upload.error?.message}
      </Alert>
    );
  }
  const percent = progressPercent(upload.progress);
  return (
    <Paper withBorder p="xs">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" truncate>
          {t('files.uploadingName', { name: upload.name, size: formatBytes(upload.size) })}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t('files.percent', { percent })}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={onCancel} aria-label={t('files.cancelUpload', { name: upload.name })}>
            {t('action.cancel')}
          </Button>
        </Group>
      </Group>
      <Progress mt={6} value={percent} aria-label={t('files.progress', { name: upload.name })} />
    </Paper>
  );
}

function FilesTable<F extends ListedFile>({
  owner,
  files,
  canWrite,
  heading,
}: {
  owner: FilesOwner<F>;
  files: readonly F[];
  canWrite: boolean;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const share = useShareFile(owner);
  const shareWithClient = useShareFile(owner, owner.clientSharing);
  const remove = useDeleteFile(owner);
  const [deleting, setDeleting] = useState<F | null>(null);
  const { sharing, clientSharing } = owner;

  return (
    <>
      {/* Fits a narrow column (the job page's side, a 1 024 px window): the size and the day under the
          name, names broken anywhere, no column that only scrolling would reach. */}
      <ScrollTable minWidth={0} label={owner.title}>
        <Table verticalSpacing="xs" horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('files.column.name')}</Table.Th>
              {/* One column for both sharings: the files sit in a narrow column of the job page, where a third column pushed Delete out of sight. */}
              {(sharing || clientSharing) && <Table.Th>{[sharing?.column, clientSharing?.column].filter(Boolean).join(' · ')}</Table.Th>}
              {canWrite && <Table.Th>{t('files.column.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.map((file) => {
              const elsewhere = owner.heldElsewhere?.(file);
              const pendingShare = share.isPending && share.variables?.fileId === file.id;
              const shared = pendingShare ? share.variables.shared : (sharing?.isShared(file) ?? false);
              return (
                <Table.Tr key={file.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Group gap="xs">
                      <Anchor href={owner.downloadUrl(file)} download={file.name} aria-label={t('files.download', { name: file.name })}>
                        {file.name}
                      </Anchor>
                      {elsewhere && (
                        <Badge variant="light" color="gray">
                          {elsewhere.badge}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {formatBytes(file.size)} · {formatDateTime(file.createdAt)}
                    </Text>
                    {owner.deliveredBy?.(file) !== undefined && (
                      <Text size="xs" c="dimmed">
                        {owner.deliveredBy(file)}
                      </Text>
                    )}
                  </Table.Td>
                  {(sharing || clientSharing) && (
                    <Table.Td>
                      <Stack gap={6}>
                        {sharing &&
                          (canWrite && !elsewhere ? (
                            <Switch
                              checked={shared}
                              onChange={(event) => share.mutate({ fileId: file.id, shared: event.currentTarget.checked })}
                              label={sharing.text(file, shared)}
                              aria-label={sharing.switchLabel(file)}
                            />
                          ) : (
                            <Text size="sm">{sharing.text(file, sharing.isShared(file))}</Text>
                          ))}
                        {clientSharing && <SharingCell file={file} sharing={clientSharing} mutation={shareWithClient} editable={canWrite && !elsewhere} />}
                      </Stack>
                    </Table.Td>
                  )}
                  {canWrite && (
                    <Table.Td>
                      {elsewhere ? (
                        <Text size="sm" c="dimmed">
                          {elsewhere.note}
                        </Text>
                      ) : (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          onClick={() => setDeleting(file)}
                          aria-label={t('files.delete', { name: file.name })}
                        >
                          {t('action.delete')}
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {share.error && (
        <Alert color="red" withCloseButton closeButtonLabel={t('action.close')} onClose={() => share.reset()}>
          {t('files.shareFailed', { message: share.error.message })}
        </Alert>
      )}
      {shareWithClient.error && (
        <Alert color="red" withCloseButton closeButtonLabel={t('action.close')} onClose={() => shareWithClient.reset()}>
          {t('files.shareFailed', { message: shareWithClient.error.message })}
        </Alert>
      )}
      <ConfirmRecordDelete
        record={deleting}
        title={t('files.deleteTitle')}
        text={t('files.deleteText', { name: deleting?.name ?? '' })}
        remove={remove}
        onClose={() => setDeleting(null)}
        // The file's row is gone: the keyboard's focus goes to the section's heading.
        onDeleted={() => requestAnimationFrame(() => heading.current?.focus())}
      />
    </>
  );
}

/** One sharing of a file: a switch saying whom it is shared with, or the words alone when it cannot be changed here. */
function SharingCell<F extends ListedFile>({
  file,
  sharing,
  mutation,
  editable,
}: {
  file: F;
  sharing: FileSharing<F>;
  mutation: ReturnType<typeof useShareFile<F>>;
  editable: boolean;
}) {
  const pending = mutation.isPending && mutation.variables?.fileId === file.id;
  const shared = pending ? mutation.variables.shared : sharing.isShared(file);
  if (!editable) return <Text size="sm">{sharing.text(file, sharing.isShared(file))}</Text>;
  return (
    <Switch
      checked={shared}
      onChange={(event) => mutation.mutate({ fileId: file.id, shared: event.currentTarget.checked })}
      label={sharing.text(file, shared)}
      aria-label={sharing.switchLabel(file)}
    />
  );
}
