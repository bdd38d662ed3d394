import { Alert, Button, Checkbox, Grid, Group, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { t } from '../../../shared/i18n';
import { DateField } from '../../../shared/ui/date-field';
import { showProblem } from '../../../shared/ui/form-errors';
import { UnsavedChangesGuard } from '../../../shared/ui/unsaved-changes';
import {
  byName,
  choicesOf,
  CURRENCIES,
  domainsQuery,
  languagePairsQuery,
  pairChoices,
  servicesQuery,
  unitsQuery,
  userChoices,
  usersQuery,
} from '../../../shared/api/choices';
import { ClientSelect } from '../../../shared/ui/client-select';
import { AMOUNT_MAX, createBody, EMPTY_NEW_JOB, previewQuery, TEXT_MAX, validateNewJob, type NewJobValues } from './new-job-values';
import { PricePreviewPanel } from './price-preview';
import { useCreateJob } from './queries';

/**
 * The new-job form (docs/console.md#new-job): the parameters of `POST /v2/jobs` a project manager
 * sets, checked as the API checks them; beside it, the price the job will take. The API's own
 * field errors land on the fields they name; a created job opens its page. Leaving with input
 * typed and not saved asks first; leaving after the save does not.
 */
export function NewJobForm() {
  const createJob = useCreateJob();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string>();
  const services = useQuery(servicesQuery);
  const units = useQuery(unitsQuery);
  const pairs = useQuery(languagePairsQuery);
  const domains = useQuery(domainsQuery);
  const users = useQuery(usersQuery);
  const form = useForm<NewJobValues>({ mode: 'controlled', initialValues: EMPTY_NEW_JOB, validate: validateNewJob, validateInputOnBlur: true });
  // Set once the job is created, so that opening it is not taken for leaving unsaved input.
  const saved = useRef(false);

  const submit = form.onSubmit(async (values) => {
    setProblem(undefined);
    try {
      const job = await createJob.mutateAsync(createBody(values));
      saved.current = true;
      await navigate({ to: '/jobs/$jobId', params: { jobId: job.id } });
    } catch (error) {
      setProblem(showProblem(form, error));
    }
  });

  const values = form.getValues();
  const unitName = units.data?.find((unit) => unit.id === values.quantityType)?.name;
  const field = (name: keyof NewJobValues) => form.getInputProps(name);

  return (
    <Grid gap="lg">
      <UnsavedChangesGuard dirty={() => !saved.current && form.isDirty()} />
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form onSubmit={submit} noValidate aria-label={t('newJob.title')}>
          <Stack gap="sm">
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <TextInput label={t('newJob.name')} required maxLength={TEXT_MAX} {...field('name')} />
            <ClientSelect
              label={t('newJob.client')}
              required
              value={values.client}
              onChange={(id) => form.setFieldValue('client', id)}
              error={form.errors.client}
              onBlur={() => form.validateField('client')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select label={t('newJob.service')} required searchable data={choicesOf(services.data, byName)} {...field('service')} />
              <Select label={t('newJob.languagePair')} searchable clearable data={pairChoices(pairs.data)} {...field('languagePair')} />
              <Select label={t('newJob.unit')} required searchable data={choicesOf(units.data, byName)} {...field('quantityType')} />
              <NumberInput
                label={t('newJob.quantity')}
                required
                min={0}
                max={AMOUNT_MAX}
                clampBehavior="none"
                decimalScale={6}
                thousandSeparator=","
                {...field('quantity')}
              />
              <DateField withTime label={t('newJob.dueDate')} {...field('dueDate')} />
              <DateField withTime label={t('newJob.startDate')} {...field('startDate')} />
              <Select label={t('newJob.projectManager')} searchable clearable data={userChoices(users.data)} {...field('projectManager')} />
              <Select label={t('newJob.domain')} searchable clearable data={choicesOf(domains.data, byName)} {...field('domain')} />
              <Select
                label={t('newJob.currency')}
                description={t('newJob.currency.hint')}
                searchable
                clearable
                data={CURRENCIES as string[]}
                {...field('currency')}
              />
              <NumberInput
                label={t('newJob.fixedPrice')}
                description={t('newJob.fixedPrice.hint')}
                min={0}
                max={AMOUNT_MAX}
                clampBehavior="none"
                decimalScale={2}
                thousandSeparator=","
                {...field('fixedPrice')}
              />
              <TextInput label={t('newJob.externalReference')} maxLength={TEXT_MAX} {...field('externalReference')} />
              <TextInput label={t('newJob.purchaseOrder')} maxLength={TEXT_MAX} {...field('purchaseOrder')} />
            </SimpleGrid>
            <Textarea
              label={t('newJob.additionalInfo')}
              description={t('newJob.additionalInfo.hint')}
              autosize
              minRows={2}
              maxLength={TEXT_MAX}
              {...field('additionalInfo')}
            />
            <Group gap="lg">
              <Checkbox label={t('newJob.nonBillable')} {...form.getInputProps('nonBillable', { type: 'checkbox' })} />
              <Checkbox label={t('newJob.timeBasedInvoice')} {...form.getInputProps('timeBasedInvoice', { type: 'checkbox' })} />
            </Group>
            <Group gap="sm" mt="sm">
              <Button type="submit" loading={form.submitting}>
                {t('newJob.submit')}
              </Button>
              <Button variant="default" component={Link} to="/jobs">
                {t('action.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <PricePreviewPanel query={previewQuery(values)} unitName={unitName} />
      </Grid.Col>
    </Grid>
  );
}
