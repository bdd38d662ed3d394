import { Title } from '@mantine/core';
import { t } from '../../../i18n';
import type { Job } from '../job-query';

/** The job page's "Notes" section. */
export function NotesSection({ job }: { job: Job }) {
  return (
    <section aria-labelledby={`job-notes-${job.id}`}>
      <Title order={2} id={`job-notes-${job.id}`}>
        {t('job.section.notes')}
      </Title>
    </section>
  );
}
