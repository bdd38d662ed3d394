import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { usePortalText } from './use-portal-text';
import type { PortalWork } from './work';
import { answerProblem } from './work-answer';
import { useTickItem, useWorkAnswer } from './work-queries';
import classes from './portal.module.css';

/** The API's limit on the supplier's comments (src/modules/supplier-portal/schemas.ts). */
export const COMMENTS_MAX = 10_000;

/** Cancelled work takes nothing more (the API answers 409): its checklist and comments are read-only. */
const isClosedToAnswers = (work: PortalWork) => work.state === 'cancelled';

/** The agency's checklist: each tick is saved at once, and undone on the page if the server refuses it. */
export function WorkChecklist({ work }: { work: PortalWork }) {
  const { t } = usePortalText();
  const tick = useTickItem(work.id);
  const readOnly = isClosedToAnswers(work);
  return (
    <Stack gap="sm" component="section" aria-labelledby="portal-checklist-title">
      <Title order={2} size="h4" id="portal-checklist-title">
        {t('page.checklist')}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap={4} component="ul" m={0} p={0} className={classes.list}>
          {work.checklist.map((item) => (
            <li key={item.id} className={classes.checkItem}>
              <Checkbox
                label={item.name}
                checked={item.done}
                disabled={readOnly}
                size="md"
                classNames={{ label: classes.value }}
                onChange={(event) => tick.mutate({ itemId: item.id, done: event.currentTarget.checked })}
              />
            </li>
          ))}
        </Stack>
      </Paper>
      {tick.isError && (
        <Alert color="red" role="alert">
          {tick.error instanceof ApiProblem && tick.error.status === 409 ? tick.error.message : t('page.checklist.failed')}
        </Alert>
      )}
    </Stack>
  );
}

/** The supplier's comments to the agency: plain text, saved with "Save" (they replace the earlier ones). */
export function WorkComments({ work }: { work: PortalWork }) {
  const { t, formatNumber } = usePortalText();
  const save = useWorkAnswer(work.id);
  const saved = work.comments ?? '';
  const [draft, setDraft] = useState(saved);
  // Comments saved elsewhere (another tab) show when the page has no change of its own.
  const [base, setBase] = useState(saved);
  useEffect(() => {
    if (saved !== base) {
      setBase(saved);
      setDraft((current) => (current === base ? saved : current));
    }
  }, [saved, base]);
  const tooLong = draft.length > COMMENTS_MAX;
  const readOnly = isClosedToAnswers(work);
  const changed = draft !== saved;
  return (
    <Stack gap="sm" component="section" aria-labelledby="portal-comments-title">
      <Title order={2} size="h4" id="portal-comments-title">
        {t('page.comments')}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!tooLong && changed) save.mutate({ kind: 'comments', comments: draft });
        }}
      >
        <Stack gap="sm">
          <Textarea
            aria-labelledby="portal-comments-title"
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              save.reset();
            }}
            readOnly={readOnly}
            error={tooLong ? t('page.comments.tooLong', { max: formatNumber(COMMENTS_MAX) }) : undefined}
            autosize
            minRows={3}
            maxRows={12}
          />
          {!readOnly && (
            <Group gap="sm">
              <Button type="submit" variant="default" className={classes.target} loading={save.isPending} disabled={tooLong || !changed}>
                {t('page.comments.save')}
              </Button>
              {save.isSuccess && !changed && (
                <Text size="sm" fw={500} role="status">
                  {t('page.comments.saved')}
                </Text>
              )}
            </Group>
          )}
          {save.isError && (
            <Alert color="red" role="alert">
              {answerProblem(save.error, t, 'comments')}
            </Alert>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
