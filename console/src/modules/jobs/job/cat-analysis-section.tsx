import { Title } from '@mantine/core';
import { t } from '../../../i18n';
import type { Job } from '../job-query';

/** The job page's "CAT analysis" section. */
export function CatAnalysisSection({ job }: { job: Job }) {
  return (
    <section aria-labelledby={`job-cat-analysis-${job.id}`}>
      <Title order={2} id={`job-cat-analysis-${job.id}`}>
        {t('job.section.catAnalysis')}
      </Title>
    </section>
  );
}
