import { Alert, Button } from '@mantine/core';
import { t } from '../i18n';

/** What a page or a section says when its data could not be read: the error, and "Try again". */
export function LoadProblem({ error, onRetry }: { error: Error; onRetry: () => unknown }) {
  return (
    <Alert color="red" title={t('state.error', { message: error.message })}>
      <Button variant="light" onClick={() => void onRetry()}>
        {t('state.retry')}
      </Button>
    </Alert>
  );
}
