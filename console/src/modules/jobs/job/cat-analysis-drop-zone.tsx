import { Paper, Progress, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useDropzone } from 'react-dropzone';
import { t } from '../../../shared/i18n';

/**
 * The report drop zone: drop a file on it, or use it as a button (click, Enter or Space) that
 * opens the file chooser. The file input sits beside the button, not inside it, so the button has
 * no focusable content of its own (axe `nested-interactive`).
 */
export function CatAnalysisDropZone({
  onFile,
  busy,
  progress,
  takesFocus = false,
}: {
  onFile: (file: File) => void;
  busy?: string;
  progress?: number;
  /** Focus the zone when it shows, and each time it is enabled again after a read. */
  takesFocus?: boolean;
}) {
  const hintId = useId();
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    multiple: false,
    disabled: busy !== undefined,
    autoFocus: takesFocus,
    // The file chooser through the input (the File System Access API would bypass it).
    useFsAccessApi: false,
    onDropAccepted: (files) => {
      if (files[0]) onFile(files[0]);
    },
  });
  return (
    <>
      <Paper
        withBorder
        p="xl"
        {...getRootProps({
          role: 'button',
          'aria-describedby': hintId,
          'aria-disabled': busy !== undefined,
        })}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          cursor: busy ? 'progress' : 'pointer',
          borderColor: isDragActive ? 'var(--mantine-primary-color-filled)' : undefined,
          background: isDragActive ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        {/* Only the title inside: the button is named by what it shows (WCAG 2.5.3), the hint describes it. */}
        <Stack gap={4} align="center">
          <Text fw={600}>{busy ?? (isDragActive ? t('catAnalysis.dropZone.active') : t('catAnalysis.dropZone.title'))}</Text>
          {busy !== undefined && progress !== undefined && <Progress value={progress * 100} w="60%" aria-hidden="true" mt="xs" />}
        </Stack>
      </Paper>
      <Text size="sm" c="dimmed" id={hintId} mt={-4}>
        {t('catAnalysis.dropZone.hint')}
      </Text>
      <input {...getInputProps({ 'aria-label': t('catAnalysis.dropZone.input') })} />
    </>
  );
}
