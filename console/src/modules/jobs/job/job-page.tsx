import { Stack, Title } from '@mantine/core';
import { useJob } from '../job-query';
import { EstimateSection } from './estimate-section';
import { CatAnalysisSection } from './cat-analysis-section';
import { OutsourcingSection } from './outsourcing-section';
import { FilesSection } from './files-section';
import { NotesSection } from './notes-section';
import { TimeSection } from './time-section';

/** A job (docs/console.md#the-job-page): its fields, editable in place, and its sections. */
export function JobPage({ jobId }: { jobId: string }) {
  const job = useJob(jobId);
  return (
    <Stack gap="lg">
      <Title order={1}>{job.name}</Title>
      <EstimateSection job={job} />
      <CatAnalysisSection job={job} />
      <OutsourcingSection job={job} />
      <FilesSection job={job} />
      <NotesSection job={job} />
      <TimeSection job={job} />
    </Stack>
  );
}
