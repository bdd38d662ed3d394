import { useRef, useState, type RefObject } from 'react';
import { Alert, Anchor, Badge, Box, Button, Group, Paper, Progress, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useDropzone } from 'react-dropzone';
import { useCan } from '../../../app/session';
import { t } from '../../../i18n';
import { formatBytes, formatDateTime } from '../../../ui/format';
import type { Job } from '../job-query';
import { ConfirmDelete } from '../../../ui/confirm-delete';
import { downloadUrl, useDeleteFile, useFileUploads, useShareWithAll, type JobFile } from './files-queries';
import { progressPercent, type Upload } from './files-uploads';
import { ScrollTable } from '../../../ui/scroll-table';

/**
 * The job page's "Files" section (docs/console.md#the-job-page): the job's files and its group's,
 * downloaded through the session; a role that may change projects uploads (a button or a drop onto
 * the section, several files at once, each with its progress), shares with the outsourcings and deletes.
 */
export function FilesSection({ job }: { job: Job }) {
  const canWrite = useCan('projects');
  const { uploads, start, cancel, dismiss } = useFileUploads(job.id);
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted) => start(accepted),
    disabled: !canWrite,
    // The button opens the file chooser; the section only takes drops (its own keyboard focus would
    // be one more stop that does nothing the button does not).
    noClick: true,
    noKeyboard: true,
    multiple: true,
  });
  const headingId = `job-files-${job.id}`;
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <section aria-labelledby={headingId}>
      <Box {...getRootProps()} pos="relative">
        <Stack gap="sm">
          <Title order={2} id={headingId} ref={heading} tabIndex={-1}>
            {t('job.section.files')}
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
          {job.files.length === 0 ? <Text c="dimmed">{t('files.none')}</Text> : <FilesTable job={job} canWrite={canWrite} heading={heading} />}
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

function FilesTable({ job, canWrite, heading }: { job: Job; canWrite: boolean; heading: RefObject<HTMLHeadingElement | null> }) {
  const share = useShareWithAll(job.id);
  const remove = useDeleteFile(job.id);
  const [deleting, setDeleting] = useState<JobFile | null>(null);

  return (
    <>
      <ScrollTable minWidth={560} label={t('job.section.files')}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('files.column.name')}</Table.Th>
              <Table.Th>{t('files.column.size')}</Table.Th>
              <Table.Th>{t('files.column.added')}</Table.Th>
              <Table.Th>{t('files.column.shared')}</Table.Th>
              {canWrite && <Table.Th>{t('files.column.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {job.files.map((file) => {
              const fromGroup = file.groupFileId !== undefined;
              const pendingShare = share.isPending && share.variables?.fileId === file.id;
              const shared = pendingShare ? share.variables.shared : file.outsourcing.shareWithAll;
              return (
                <Table.Tr key={file.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor href={downloadUrl(job.id, file.id)} download={file.name} aria-label={t('files.download', { name: file.name })}>
                        {file.name}
                      </Anchor>
                      {fromGroup && (
                        <Badge variant="light" color="gray">
                          {t('files.fromGroup')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatBytes(file.size)}</Table.Td>
                  <Table.Td>{formatDateTime(file.createdAt)}</Table.Td>
                  <Table.Td>
                    {canWrite && !fromGroup ? (
                      <Switch
                        checked={shared}
                        onChange={(event) => share.mutate({ fileId: file.id, shared: event.currentTarget.checked })}
                        label={sharingText(file, shared)}
                        aria-label={t('files.shareWithAll', { name: file.name })}
                      />
                    ) : (
                      <Text size="sm">{sharingText(file, file.outsourcing.shareWithAll)}</Text>
                    )}
                  </Table.Td>
                  {canWrite && (
                    <Table.Td>
                      {fromGroup ? (
                        <Text size="sm" c="dimmed">
                          {t('files.inGroup')}
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
      <ConfirmDelete
        opened={deleting !== null}
        title={t('files.deleteTitle')}
        text={t('files.deleteText', { name: deleting?.name ?? '' })}
        pending={remove.isPending}
        error={remove.error?.message}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              // The file's row is gone: the keyboard's focus goes to the section's heading.
              requestAnimationFrame(() => heading.current?.focus());
            },
          })
        }
      />
    </>
  );
}

/** Whom the file is shared with, in words (the switch's colour is not the only signal). */
function sharingText(file: JobFile, sharedWithAll: boolean): string {
  if (sharedWithAll) return t('files.sharedWithAll');
  const count = file.outsourcing.sharedWith.length;
  if (count === 0) return t('files.notShared');
  return t(count === 1 ? 'files.sharedWithOne' : 'files.sharedWithSome', { count });
}
