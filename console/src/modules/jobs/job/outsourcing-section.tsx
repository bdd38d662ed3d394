import { Title } from '@mantine/core';
import { t } from '../../../i18n';
import type { Job } from '../job-query';

/** The job page's "Outsourcing" section. */
export function OutsourcingSection({ job }: { job: Job }) {
  return (
    <section aria-labelledby={`job-outsourcing-${job.id}`}>
      <Title order={2} id={`job-outsourcing-${job.id}`}>
        {t('job.section.outsourcing')}
      </Title>
    </section>
  );
}
