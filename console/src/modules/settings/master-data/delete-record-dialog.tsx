import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiProblem } from '../../../shared/api/client';
import { t } from '../../../shared/i18n';
import { recordTitle, type Kind, type MasterRecord } from './kinds';
import { useDeleteRecord, useUpdateRecord } from './queries';

/**
 * Deleting a record asks first. A record still in use cannot be deleted (409 resource_in_use): the
 * dialog says what may be using it and, for the kinds that can be disabled, offers that instead
 * (a disabled record stays where it is used and can no longer be chosen).
 */
export function DeleteRecordDialog({ kind, record, onClose }: { kind: Kind; record: MasterRecord | null; onClose: () => void }) {
  const remove = useDeleteRecord(kind);
  const update = useUpdateRecord(kind);
  const [inUse, setInUse] = useState(false);
  const [problem, setProblem] = useState<string>();
  const canDisable = kind.flags.includes('disabled') && record?.disabled !== true;
  const close = () => {
    setInUse(false);
    setProblem(undefined);
    remove.reset();
    onClose();
  };
  const title = record ? recordTitle(record) : '';

  return (
    <Modal
      opened={record !== null}
      onClose={close}
      title={t('settings.md.delete.title', { kind: t(kind.singular), name: title })}
      centered
      closeButtonProps={{ 'aria-label': t('action.close') }}
      lockScroll={false}
    >
      <Stack>
        {!inUse && <Text>{t('settings.md.delete.text', { name: title })}</Text>}
        {inUse && (
          <Alert color="orange" role="alert">
            <Stack gap="xs">
              <Text size="sm" fw={700}>
                {t('settings.md.inUse.title', { name: title })}
              </Text>
              <Text size="sm">{t(kind.usedBy)}</Text>
              <Text size="sm">{canDisable ? t('settings.md.inUse.disable') : t('settings.md.inUse.remove')}</Text>
            </Stack>
          </Alert>
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {inUse ? t('action.close') : t('action.cancel')}
          </Button>
          {inUse && canDisable && record && (
            <Button
              loading={update.isPending}
              onClick={() =>
                update.mutate(
                  { id: record.id, changes: { disabled: true } },
                  { onSuccess: close, onError: (error) => setProblem(error instanceof ApiProblem ? error.message : String(error)) },
                )
              }
            >
              {t('settings.md.inUse.disableButton')}
            </Button>
          )}
          {!inUse && record && (
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(record.id, {
                  onSuccess: close,
                  onError: (error) => {
                    if (error instanceof ApiProblem && error.code === 'resource_in_use') setInUse(true);
                    else setProblem(error instanceof ApiProblem ? error.message : String(error));
                  },
                })
              }
            >
              {t('action.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
