import { useParams } from '@tanstack/react-router';
import { JobPage } from './job-page';

export function JobRoutePage() {
  const { jobId } = useParams({ from: '/signed-in/jobs/$jobId' });
  return <JobPage jobId={jobId} />;
}
