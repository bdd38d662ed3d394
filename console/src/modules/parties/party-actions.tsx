import { Alert, Button, Group as Row, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { t, tCount } from '../../shared/i18n';
import { ConfirmDelete } from '../../shared/ui/confirm-delete';
import { partiesPath } from './party-kind';
import type { Party } from '../../shared/api/party';
import { partyJobsQuery, useDeleteParty, useUpdateParty } from './queries';

/**
 * Archive (or bring back) and delete. Deleting asks first; a party still used elsewhere cannot be
 * deleted (409): the page says what uses it and offers to archive it instead, which hides it from
 * the lists and choices and keeps its history.
 */
export function PartyActions({ party }: { party: Party }) {
  const ref = { kind: party.object, id: party.id };
  const update = useUpdateParty(ref);
  const remove = useDeleteParty(ref);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [inUse, setInUse] = useState(false);
  const [problem, setProblem] = useState<string>();
  // What uses a party that cannot be deleted: how many jobs it has or was given (one page asked, its total counted).
  const jobs = useQuery({ ...partyJobsQuery(ref, 1), enabled: inUse });

  const setArchived = (archived: boolean) => {
    setProblem(undefined);
    update.mutate({ archived }, { onSuccess: () => setInUse(false), onError: (error) => setProblem(error.message) });
  };
  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        void navigate({ to: partiesPath(party.object) });
      },
      onError: (error) => {
        if (error instanceof ApiProblem && error.status === 409) {
          setConfirming(false);
          setInUse(true);
        } else setProblem(error.message);
      },
    });

  return (
    <Stack gap="xs" align="flex-end">
      <Row gap="xs" wrap="nowrap">
        <Button variant="default" loading={update.isPending} onClick={() => setArchived(!party.archived)}>
          {party.archived ? t('parties.unarchive') : t('parties.archive')}
        </Button>
        <Button
          variant="outline"
          color="red.9"
          onClick={() => {
            setProblem(undefined);
            remove.reset();
            setConfirming(true);
          }}
        >
          {t('action.delete')}
        </Button>
      </Row>
      {inUse && (
        <Alert color="red" role="alert" title={t('parties.inUse.title', { name: party.name })} maw={520}>
          <Stack gap="xs">
            <Text size="sm">{t(`parties.${party.object}.inUse.text`)}</Text>
            {jobs.data && jobs.data.totalItems > 0 && <Text size="sm">{tCount(`parties.${party.object}.inUse.jobs`, jobs.data.totalItems)}</Text>}
            <Text size="sm">{party.archived ? t('parties.inUse.archived') : t('parties.inUse.archiveInstead')}</Text>
            {!party.archived && (
              <Row gap="xs">
                <Button size="xs" onClick={() => setArchived(true)} loading={update.isPending}>
                  {t(`parties.${party.object}.archiveInstead`)}
                </Button>
                <Button size="xs" variant="default" onClick={() => setInUse(false)}>
                  {t('action.close')}
                </Button>
              </Row>
            )}
          </Stack>
        </Alert>
      )}
      {problem && (
        <Alert color="red" role="alert" maw={520}>
          {problem}
        </Alert>
      )}
      <ConfirmDelete
        opened={confirming}
        title={t(`parties.${party.object}.delete.title`)}
        text={t(`parties.${party.object}.delete.text`, { name: party.name })}
        pending={remove.isPending}
        error={remove.error && !(remove.error instanceof ApiProblem && remove.error.status === 409) ? remove.error.message : undefined}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
