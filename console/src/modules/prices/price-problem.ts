import { ApiProblem } from '../../shared/api/client';
import { t } from '../../shared/i18n';

/**
 * The API's refusals of price writes in words a project manager understands: a second price with
 * the same service, unit, currency, languages, domain (and client) is 409 `resource_exists`
 * (docs/prices.md#uniqueness), a category already on the price too. Field details stay as they are.
 */
export function explainPriceProblem(error: unknown, what: 'price' | 'rate' = 'price'): unknown {
  if (!(error instanceof ApiProblem)) return error;
  if (error.code === 'resource_exists') {
    return new ApiProblem(error.status, error.code, t(what === 'price' ? 'prices.problem.exists' : 'prices.problem.rateExists'), []);
  }
  if (error.code === 'resource_missing') return new ApiProblem(error.status, error.code, t('prices.problem.gone'), []);
  return error;
}

export const problemText = (error: unknown) => {
  const explained = explainPriceProblem(error);
  return explained instanceof Error ? explained.message : String(explained);
};
