import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { t } from '../i18n';

/**
 * Asks before a change that cannot simply be undone (disabling a user, revoking a key): like
 * ui/confirm-delete.tsx, with the action's own word on its button.
 */
export function ConfirmAction(props: {
  opened: boolean;
  title: string;
  text: string;
  confirm: string;
  pending: boolean;
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered lockScroll={false} closeButtonProps={{ 'aria-label': t('action.close') }}>
      <Stack>
        <Text>{props.text}</Text>
        {props.error && (
          <Alert color="red" role="alert">
            {props.error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('action.cancel')}
          </Button>
          <Button color="red.9" loading={props.pending} onClick={props.onConfirm}>
            {props.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
