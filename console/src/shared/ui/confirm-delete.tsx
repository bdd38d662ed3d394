import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { t } from '../i18n';

/**
 * Asks before something is deleted for good (a file, a note, a time entry, a client, a price…:
 * every page's deletions share it). Escape or "Cancel" closes it; the dialog keeps the focus while open.
 */
export function ConfirmDelete({
  opened,
  title,
  text,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  pending: boolean;
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('action.close') }}
      // Locking the page's scroll adds a <style> element without the page's nonce (react-remove-scroll),
      // which the Content-Security-Policy refuses; a short dialog does without.
      lockScroll={false}
    >
      <Stack>
        <Text>{text}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('action.cancel')}
          </Button>
          <Button color="red.9" loading={pending} onClick={onConfirm}>
            {t('action.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A record's delete mutation (TanStack Query's, taking the record's id). */
interface DeleteMutation {
  isPending: boolean;
  error: Error | null;
  reset(): void;
  mutate(id: string, options: { onSuccess: () => void }): void;
}

/**
 * ConfirmDelete for one record of a section's list, wired to the record's delete mutation: open
 * while `record` is set; closing forgets the mutation's error; once the record is deleted the
 * dialog closes and `onDeleted` runs (the sections move the keyboard's focus to their heading:
 * the record's row is gone).
 */
export function ConfirmRecordDelete<T extends { id: string }>({
  record,
  title,
  text,
  remove,
  onClose,
  onDeleted,
}: {
  record: T | null;
  title: string;
  text: string;
  remove: DeleteMutation;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <ConfirmDelete
      opened={record !== null}
      title={title}
      text={text}
      pending={remove.isPending}
      error={remove.error?.message}
      onClose={() => {
        onClose();
        remove.reset();
      }}
      onConfirm={() =>
        record &&
        remove.mutate(record.id, {
          onSuccess: () => {
            onClose();
            onDeleted();
          },
        })
      }
    />
  );
}
