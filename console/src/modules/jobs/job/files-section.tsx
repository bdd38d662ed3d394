import { Title } from '@mantine/core';
import { t } from '../../../i18n';
import type { Job } from '../job-query';

/** The job page's "Files" section. */
export function FilesSection({ job }: { job: Job }) {
  return (
    <section aria-labelledby={`job-files-${job.id}`}>
      <Title order={2} id={`job-files-${job.id}`}>
        {t('job.section.files')}
      </Title>
    </section>
  );
}
