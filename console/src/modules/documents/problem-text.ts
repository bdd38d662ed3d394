import { ApiProblem } from '../../shared/api/client';
import { t } from '../../shared/i18n';

/**
 * An API refusal in words a user understands: the API's own message (it names the job, the status
 * and what to do) after a sentence saying what kind of refusal it is.
 */
export function problemText(error: unknown): string {
  if (!(error instanceof ApiProblem)) return error instanceof Error ? error.message : String(error);
  const details = error.details.map((detail) => `${detail.param}: ${detail.message}`).join('; ');
  const message = details || error.message;
  if (error.status === 409) return t('documents.problem.state', { message });
  if (error.status === 404) return t('documents.problem.gone', { message });
  if (error.status === 403) return t('documents.problem.forbidden', { message });
  return message;
}
