import { Title } from '@mantine/core';
import { t } from '../../../i18n';
import type { Job } from '../job-query';

/** The job page's "Time" section. */
export function TimeSection({ job }: { job: Job }) {
  return (
    <section aria-labelledby={`job-time-${job.id}`}>
      <Title order={2} id={`job-time-${job.id}`}>
        {t('job.section.time')}
      </Title>
    </section>
  );
}
