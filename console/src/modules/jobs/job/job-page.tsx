import { Grid, Stack, Text } from '@mantine/core';
import { useCan, useSession } from '../../../app/session';
import { t } from '../../../i18n';
import { useJob } from '../job-query';
import { CatAnalysisSection } from './cat-analysis-section';
import { EstimateSection } from './estimate-section';
import { FilesSection } from './files-section';
import { JobFields } from './job-fields';
import { JobHeader } from './job-header';
import { NotesSection } from './notes-section';
import { OutsourcingSection } from './outsourcing-section';
import { TimeSection } from './time-section';

/**
 * A job (docs/console.md#the-job-page): its heading and status, its fields editable in place, and
 * its sections — the money and the work in the main column (Estimate, CAT analysis, Outsourcing),
 * what goes with it beside (Files, Notes, Time); one column below 1 200 px.
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
            <CatAnalysisSection job={job} />
            <OutsourcingSection job={job} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <FilesSection job={job} />
            <NotesSection job={job} />
            <TimeSection job={job} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
