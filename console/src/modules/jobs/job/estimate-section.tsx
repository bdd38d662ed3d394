import { Title } from '@mantine/core';
import { t } from '../../../i18n';
import type { Job } from '../job-query';

/** The job page's "Estimate" section. */
export function EstimateSection({ job }: { job: Job }) {
  return (
    <section aria-labelledby={`job-estimate-${job.id}`}>
      <Title order={2} id={`job-estimate-${job.id}`}>
        {t('job.section.estimate')}
      </Title>
    </section>
  );
}
