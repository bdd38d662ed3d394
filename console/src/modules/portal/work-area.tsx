import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { PortalKey } from './i18n';
import { usePortalText } from './use-portal-text';
import { groupWork, type PortalWork, type WorkSectionId } from './work';
import { WorkCard } from './work-card';
import { workListQuery } from './work-queries';
import classes from './portal.module.css';

const SECTION_TEXT: Readonly<Record<WorkSectionId, { title: PortalKey; empty: PortalKey }>> = {
  offered: { title: 'work.offered.title', empty: 'work.offered.empty' },
  open: { title: 'work.open.title', empty: 'work.open.empty' },
  closed: { title: 'work.closed.title', empty: 'work.closed.empty' },
};

/**
 * The person's work on the home page, in three sections: offers waiting for an answer, work in
 * progress, and (folded away until asked) what is done, refused or cancelled.
 */
export function WorkArea() {
  const { t } = usePortalText();
  const list = useQuery(workListQuery);
  const [showClosed, setShowClosed] = useState(false);

  let body;
  if (list.isPending) body = <Loader size="sm" aria-label={t('work.title')} />;
  else if (list.isError)
    body = (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('work.loadFailed')}</Text>
          <Button variant="default" size="sm" className={classes.target} onClick={() => void list.refetch()}>
            {t('work.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  else {
    const groups = groupWork(list.data);
    body = (
      <Stack gap="xl">
        <WorkSection id="offered" work={groups.offered} />
        <WorkSection id="open" work={groups.open} />
        <WorkSection
          id="closed"
          work={groups.closed}
          folded={!showClosed}
          toggle={
            groups.closed.length > 0 && (
              <Button
                variant="subtle"
                size="sm"
                className={classes.target}
                aria-expanded={showClosed}
                aria-controls="portal-work-closed"
                onClick={() => setShowClosed(!showClosed)}
              >
                {showClosed ? t('work.closed.hide') : t('work.closed.show', { count: groups.closed.length })}
              </Button>
            )
          }
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md" component="section" aria-labelledby="portal-work-title">
      <Title order={2} size="h3" id="portal-work-title">
        {t('work.title')}
      </Title>
      {body}
    </Stack>
  );
}

function WorkSection({ id, work, folded = false, toggle }: { id: WorkSectionId; work: PortalWork[]; folded?: boolean; toggle?: ReactNode }) {
  const { t } = usePortalText();
  const titleId = `portal-work-${id}-title`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h4" id={titleId}>
          {t(SECTION_TEXT[id].title)}
        </Title>
        {toggle}
      </Group>
      {work.length === 0 ? (
        <Paper p="md" radius="md" className={classes.empty}>
          <Text size="sm">{t(SECTION_TEXT[id].empty)}</Text>
        </Paper>
      ) : (
        !folded && (
          <SimpleGrid component="ul" id={`portal-work-${id}`} cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" m={0} p={0} className={classes.list}>
            {work.map((item) => (
              <WorkCard key={item.id} work={item} />
            ))}
          </SimpleGrid>
        )
      )}
    </Stack>
  );
}
