import { Alert, Anchor, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiProblem } from '../../../shared/api/client';
import { PortalNotFoundPage } from '../not-found-page';
import { usePortalPerson } from '../session';
import { usePortalText } from '../use-portal-text';
import { formatSize } from '../work-files';
import { fieldErrorsOf, RequestFormFields, type FieldErrors } from './request-form';
import { useMayRequest } from './request-status';
import { requestFormQuery, useCreateRequest } from './requests-queries';
import classes from '../portal.module.css';

/**
 * `/portal/client/requests/new`: "Ask for work" (docs/client-portal.md#requests), from what
 * `GET /v2/portal/client/request-form` offers; sent as multipart/form-data with its files, then back
 * to the list, which says it was sent.
 */
export function NewClientRequestPage() {
  const person = usePortalPerson();
  const text = usePortalText();
  const { t } = text;
  const mayRequest = useMayRequest();
  const form = useQuery({ ...requestFormQuery, enabled: mayRequest });
  const create = useCreateRequest();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string>();
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  if (!mayRequest) return <PortalNotFoundPage />;

  let body;
  if (form.isPending) body = <Loader size="sm" aria-label={t('requests.new')} />;
  else if (form.isError)
    body = (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('requests.form.loadFailed')}</Text>
          <Button variant="default" size="sm" className={classes.target} onClick={() => void form.refetch()}>
            {t('work.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  else
    body = (
      <RequestFormFields
        form={form.data}
        submitLabel={t('requests.form.submit')}
        pending={create.isPending}
        problem={problem}
        serverErrors={serverErrors}
        onSubmit={(fields, files, acceptTerms) => {
          setProblem(undefined);
          setServerErrors({});
          create.mutate(
            { ...fields, files, acceptTerms },
            {
              onSuccess: () => void navigate({ to: '/portal/client/requests', search: { sent: true } }),
              onError: (error) => {
                if (error instanceof ApiProblem && error.status === 400) {
                  const found = fieldErrorsOf(error, t);
                  if (Object.keys(found).length > 0) return setServerErrors(found);
                }
                if (error instanceof ApiProblem && error.status === 413) {
                  const largest = [...files].sort((a, b) => b.size - a.size)[0];
                  return setServerErrors({
                    files: t('requests.error.tooLarge', { name: largest?.name ?? '', size: formatSize(text, form.data.maxFileBytes) }),
                  });
                }
                setProblem(t('problem.generic'));
              },
            },
          );
        }}
      />
    );

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Anchor component={Link} to="/portal/client/requests" size="sm" className={classes.backLink}>
          ← {t('requests.page.back')}
        </Anchor>
        <Title order={1}>{t('requests.new')}</Title>
        <Text>{t('requests.form.intro', { agency: person.agency.name })}</Text>
      </Stack>
      <Paper withBorder p="md" radius="md">
        {body}
      </Paper>
    </Stack>
  );
}
