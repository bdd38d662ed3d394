import { Alert, Button, Checkbox, Fieldset, Group as Row, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Body } from '../../shared/api/client';
import { t } from '../../shared/i18n';
import { showProblem } from '../../shared/ui/form-errors';
import { checkBudget, checkName, checkText } from './group-form-rules';
import { domainsQuery, useUpdateGroup, type Group } from './queries';
import { DateField } from '../../shared/ui/date-field';
import { LIMITS } from '../../shared/api/limits.gen';

export type DetailsValues = {
  name: string;
  budget: number | string;
  dueDateAuto: boolean;
  dueDate: string;
  externalReference: string;
  purchaseOrder: string;
  domain: string | null;
  groupOnInvoice: boolean;
  pinned: boolean;
  archived: boolean;
};

/** The form's values of a group: its own fields (docs/groups.md#endpoints, Update). */
export function detailsOf(group: Group): DetailsValues {
  return {
    name: group.name,
    budget: group.budget.amount ?? '',
    dueDateAuto: group.dueDateAuto,
    dueDate: group.dueDate?.slice(0, 10) ?? '',
    externalReference: group.externalReference ?? '',
    purchaseOrder: group.purchaseOrder ?? '',
    domain: group.domain?.id ?? null,
    groupOnInvoice: group.groupOnInvoice,
    pinned: group.pinned,
    archived: group.archived,
  };
}

/**
 * The PUT /v2/groups/:id body of what changed. The due date is the group's own: it is sent
 * while "from its jobs" is off (turning it off keeps the date shown, unless another is chosen).
 */
export function changesOf(initial: DetailsValues, values: DetailsValues): Body<'updateGroup'> {
  const body: Body<'updateGroup'> = {};
  const changed = <K extends keyof DetailsValues>(key: K) => initial[key] !== values[key];
  if (changed('name')) body.name = values.name.trim();
  if (changed('budget')) body.budget = values.budget === '' ? null : Number(values.budget);
  if (changed('dueDateAuto')) body.dueDateAuto = values.dueDateAuto;
  if (!values.dueDateAuto && (changed('dueDate') || changed('dueDateAuto'))) body.dueDate = values.dueDate || null;
  if (changed('externalReference')) body.externalReference = values.externalReference.trim() || null;
  if (changed('purchaseOrder')) body.purchaseOrder = values.purchaseOrder.trim() || null;
  if (changed('domain')) body.domain = values.domain;
  if (changed('groupOnInvoice')) body.groupOnInvoice = values.groupOnInvoice;
  if (changed('pinned')) body.pinned = values.pinned;
  if (changed('archived')) body.archived = values.archived;
  return body;
}

/** The group's own fields (the client and the currency are fixed once created: the API's rule). */
export function GroupDetailsForm({ group, canEdit }: { group: Group; canEdit: boolean }) {
  const update = useUpdateGroup(group.id);
  // A role that may not change the group reads the fields (read-only, in the text's colour).
  const readOnly = !canEdit;
  const { data: domains } = useQuery(domainsQuery);
  const [problem, setProblem] = useState<string>();
  const [initial, setInitial] = useState(() => detailsOf(group));
  const form = useForm<DetailsValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: { name: checkName, budget: checkBudget, externalReference: checkText, purchaseOrder: checkText },
  });

  return (
    <section aria-labelledby="group-details">
      <Title order={2} id="group-details" mb="sm">
        {t('group.section.details')}
      </Title>
      <form
        noValidate

        onSubmit={form.onSubmit((values) => {
          setProblem(undefined);
          const body = changesOf(initial, values);
          if (Object.keys(body).length === 0) return;
          update.mutate(body, {
            onSuccess: (saved) => {
              const next = detailsOf(saved);
              setInitial(next);
              form.setInitialValues(next);
              form.setValues(next);
              form.resetDirty(next);
              notifications.show({ message: t('group.saved'), color: 'teal' });
            },
            onError: (error) => setProblem(showProblem(form, error)),
          });
        })}
      >
        <Fieldset
          variant="unstyled"
          legend={
            <Text size="sm" c="dimmed">
              {t('group.details.legend', { currency: group.currency.code })}
            </Text>
          }
        >
          <Stack gap="sm" maw={900}>
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              <TextInput label={t('group.field.name')} required={canEdit} readOnly={readOnly} maxLength={LIMITS.text} {...form.getInputProps('name')} />
              <NumberInput
                label={t('group.field.budget')}
                description={t('group.budget.description', { currency: group.budget.currency.code })}
                allowNegative={false}
                readOnly={readOnly}
                decimalScale={2}
                thousandSeparator=","
                {...form.getInputProps('budget')}
              />
              <Stack gap={6}>
                <Switch label={t('group.field.dueDateAuto')} disabled={readOnly} {...form.getInputProps('dueDateAuto', { type: 'checkbox' })} />
                {form.values.dueDateAuto ? (
                  <Text size="sm" c="dimmed">
                    {t('group.dueDate.autoHelp')}
                  </Text>
                ) : (
                  <DateField label={t('group.field.ownDueDate')} readOnly={readOnly} {...form.getInputProps('dueDate')} />
                )}
              </Stack>
              <Select
                label={t('group.field.domain')}
                placeholder={t('group.field.noDomain')}
                data={(domains ?? []).map((domain) => ({ value: domain.id, label: domain.name }))}
                clearable={canEdit}
                readOnly={readOnly}
                {...form.getInputProps('domain')}
              />
              <TextInput label={t('group.field.externalReference')} readOnly={readOnly} maxLength={LIMITS.text} {...form.getInputProps('externalReference')} />
              <TextInput label={t('group.field.purchaseOrder')} readOnly={readOnly} maxLength={LIMITS.text} {...form.getInputProps('purchaseOrder')} />
            </SimpleGrid>
            <Row gap="lg">
              <Checkbox disabled={readOnly} label={t('group.field.groupOnInvoice')} {...form.getInputProps('groupOnInvoice', { type: 'checkbox' })} />
              <Checkbox disabled={readOnly} label={t('group.field.pinned')} {...form.getInputProps('pinned', { type: 'checkbox' })} />
              <Checkbox disabled={readOnly} label={t('group.field.archived')} {...form.getInputProps('archived', { type: 'checkbox' })} />
            </Row>
            {canEdit && (
              <Row gap="sm">
                <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
                  {t('action.save')}
                </Button>
                <Button variant="default" disabled={!form.isDirty()} onClick={() => (form.reset(), setProblem(undefined))}>
                  {t('group.discard')}
                </Button>
              </Row>
            )}
          </Stack>
        </Fieldset>
      </form>
    </section>
  );
}
