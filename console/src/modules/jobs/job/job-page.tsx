import { Grid, Skeleton, Stack, Text } from '@mantine/core';
import { lazy } from 'react';
import { useCan, useSession } from '../../../shared/session/session';
import { t } from '../../../shared/i18n';
import { useJob } from '../../../shared/api/job-query';
import { EstimateSection } from './estimate-section';
import { JobFields } from './job-fields';
import { JobHeader } from './job-header';
import { ClientMessagesSection } from '../../client-messages';
import { NotesSection } from './notes-section';
import { OutsourcingSection } from './outsourcing-section';
import { TimeSection } from './time-section';
import { AfterFirstPaint } from '../../../shared/ui/after-first-paint';

/**
 * The two sections with a drop zone (react-dropzone, about 17 KB of JavaScript gzip) come in after
 * the page has painted its name and fields: their code is not part of the page's first load.
 */
const CatAnalysisSection = lazy(() => import('./cat-analysis-section').then((module) => ({ default: module.CatAnalysisSection })));
const FilesSection = lazy(() => import('./files-section').then((module) => ({ default: module.FilesSection })));

/**
 * A job (docs/console.md#the-job-page): its heading and status, its fields editable in place, and
 * its sections — the money and the work in the main column (Estimate, CAT analysis, Outsourcing),
 * what goes with it beside (Files, Notes, Client messages, Time); one column below 1 200 px.
 */
export function JobPage({ jobId }: { jobId: string }) {
  const job = useJob(jobId);
  const canEdit = useCan('projects');
  const { user } = useSession();
  return (
    <Stack gap="lg">
      <JobHeader job={job} canEdit={canEdit} />
      {!canEdit && (
        <Text c="dimmed" size="sm" role="note">
          {t('readOnly.notice', { role: t(`role.${user.role}`) })}
        </Text>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <JobFields job={job} canEdit={canEdit} />
            <EstimateSection job={job} />
            <AfterFirstPaint placeholder={<Skeleton h={160} aria-hidden />}>
              <CatAnalysisSection job={job} />
            </AfterFirstPaint>
            <OutsourcingSection job={job} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <AfterFirstPaint placeholder={<Skeleton h={120} aria-hidden />}>
              <FilesSection job={job} />
            </AfterFirstPaint>
            <NotesSection job={job} />
            <ClientMessagesSection subject={{ kind: 'jobs', id: job.id }} />
            <TimeSection job={job} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
