import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { t } from '../i18n';

/**
 * Asks before a form's unsaved input is lost (docs/console.md#new-job): a move to another page of
 * the console opens a dialog ("Stay" or "Leave and lose it"), and closing or reloading the tab
 * gets the browser's own question (`beforeunload`: browsers show their own words). `dirty` is read
 * at the moment of leaving, so a form that has just been saved passes `false` and leaves freely.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: () => boolean }) {
  const blocker = useBlocker({ shouldBlockFn: () => dirty(), enableBeforeUnload: () => dirty(), withResolver: true });
  return (
    <Modal
      opened={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('unsaved.title')}
      centered
      closeButtonProps={{ 'aria-label': t('action.close') }}
      // As in ConfirmDelete: scroll locking adds a style element the Content-Security-Policy refuses.
      lockScroll={false}
    >
      <Stack>
        <Text>{t('unsaved.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t('unsaved.stay')}
          </Button>
          <Button color="red.9" onClick={() => blocker.proceed?.()}>
            {t('unsaved.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
