import { Alert, Anchor, Badge, Box, Button, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { ApiProblem } from '../../shared/api/client';
import type { PortalText } from './i18n';
import { usePortalText } from './use-portal-text';
import type { PortalWork } from './work';
import { contentUrl, percentOf, useRemoveDelivery, useWorkUploads, workFilesQuery, type PortalFile, type PortalUpload } from './work-uploads';
import classes from './portal.module.css';

/** A size in the reader's language: bytes, then kB, MB, GB. */
export function formatSize(text: PortalText, bytes: number): string {
  const units = ['kilobyte', 'megabyte', 'gigabyte'] as const;
  if (bytes < 1000) return text.formatNumber(bytes, { style: 'unit', unit: 'byte', unitDisplay: 'long' });
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return text.formatNumber(value, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: 1 });
}

/**
 * The work's files on its page (docs/console.md#portal-pages): what the agency shares with the
 * supplier, to download, and the supplier's deliveries, uploaded with a button or a drop on the
 * section, each with its progress. Deliveries are taken, and removed, while the work is open.
 */
export function WorkFiles({ work }: { work: PortalWork }) {
  const text = usePortalText();
  const { t } = text;
  const query = useQuery(workFilesQuery(work.id));
  const open = work.state === 'open';
  const { uploads, finished, start, cancel, dismiss } = useWorkUploads(work.id);
  const {
    getRootProps,
    getInputProps,
    isDragActive,
    open: choose,
  } = useDropzone({
    onDrop: (accepted) => start(accepted),
    disabled: !open,
    // The button opens the chooser; the section only takes drops (no second keyboard stop doing the same).
    noClick: true,
    noKeyboard: true,
    multiple: true,
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="portal-files-title">
      <Title order={2} size="h4" id="portal-files-title">
        {t('files.title')}
      </Title>
      <Box {...getRootProps()}>
        <Stack gap="sm">
          {open ? (
            <Paper withBorder p="sm" radius="md" className={isDragActive ? classes.dropActive : classes.dropZone}>
              <input {...getInputProps({ 'aria-label': t('files.choose') })} />
              <Group gap="sm">
                <Button onClick={choose} className={`${classes.target} ${classes.wrapping}`}>
                  {t('files.upload')}
                </Button>
                <Text size="sm" c="dimmed">
                  {isDragActive ? t('files.dropNow') : t('files.dropHint')}
                </Text>
              </Group>
            </Paper>
          ) : (
            <Text size="sm" c="dimmed">
              {t(work.state === 'offered' ? 'files.acceptFirst' : 'files.closed')}
            </Text>
          )}
          {uploads.map((upload) => (
            <UploadRow key={upload.key} upload={upload} onCancel={() => cancel(upload.key)} onDismiss={() => dismiss(upload.key)} />
          ))}
          <Text size="sm" role="status" className={classes.visuallyHidden}>
            {finished === null ? '' : t('files.uploaded', { name: finished })}
          </Text>
          {query.isPending ? (
            <Loader size="sm" aria-label={t('files.title')} />
          ) : query.isError ? (
            <Alert color="red" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('files.loadFailed')}</Text>
                <Button variant="default" size="sm" className={classes.target} onClick={() => void query.refetch()}>
                  {t('work.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : query.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('files.none')}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" m={0} p={0} className={classes.list}>
              {query.data.map((file) => (
                <FileRow key={file.id} file={file} work={work} removable={open && file.deliverable} />
              ))}
            </Stack>
          )}
        </Stack>
      </Box>
    </Stack>
  );
}

function FileRow({ file, work, removable }: { file: PortalFile; work: PortalWork; removable: boolean }) {
  const text = usePortalText();
  const { t } = text;
  const remove = useRemoveDelivery(work.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Anchor
            href={contentUrl(work.id, file.id)}
            download={file.name}
            className={`${classes.value} ${classes.fileLink}`}
            aria-label={t('files.download', { name: file.name })}
          >
            {file.name}
          </Anchor>
          {file.deliverable && (
            <Badge variant="light" color="teal" className={classes.badge}>
              {t('files.delivery')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {formatSize(text, file.size)} · {text.formatDate(file.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
        </Text>
        {removable &&
          (confirming ? (
            <Group gap="xs">
              <Text size="sm">{t('files.removeConfirm', { name: file.name })}</Text>
              <Button
                size="sm"
                color="red"
                className={classes.target}
                loading={remove.isPending}
                onClick={() => remove.mutate(file.id, { onSettled: () => setConfirming(false) })}
              >
                {t('files.remove')}
              </Button>
              <Button size="sm" variant="default" className={classes.target} onClick={() => setConfirming(false)}>
                {t('answer.cancel')}
              </Button>
            </Group>
          ) : (
            <Group>
              <Button
                size="sm"
                variant="subtle"
                color="red"
                className={classes.target}
                aria-label={t('files.removeName', { name: file.name })}
                onClick={() => setConfirming(true)}
              >
                {t('files.remove')}
              </Button>
            </Group>
          ))}
        {remove.isError && (
          <Alert color="red" role="alert">
            {remove.error instanceof ApiProblem && remove.error.status === 409 ? remove.error.message : t('files.removeFailed')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function UploadRow({ upload, onCancel, onDismiss }: { upload: PortalUpload; onCancel: () => void; onDismiss: () => void }) {
  const text = usePortalText();
  const { t } = text;
  if (upload.state === 'failed') {
    const tooLarge = upload.error?.status === 413;
    return (
      <Alert
        color="red"
        role="alert"
        title={t(tooLarge ? 'files.tooLarge' : 'files.failed', { name: upload.name })}
        withCloseButton
        closeButtonLabel={t('files.dismiss', { name: upload.name })}
        onClose={onDismiss}
      >
        {upload.error?.status === 409 ? upload.error.message : tooLarge ? null : t('problem.generic')}
      </Alert>
    );
  }
  const percent = percentOf(upload.progress);
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" className={classes.value}>
          {t('files.uploading', { name: upload.name, size: formatSize(text, upload.size) })}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {text.formatNumber(percent / 100, { style: 'percent' })}
          </Text>
          <Button size="sm" variant="subtle" className={classes.target} onClick={onCancel} aria-label={t('files.cancelName', { name: upload.name })}>
            {t('answer.cancel')}
          </Button>
        </Group>
      </Group>
      <Progress mt={6} value={percent} aria-label={t('files.progress', { name: upload.name })} />
    </Paper>
  );
}
