import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCan } from '../../../shared/session/session';
import { t } from '../../../shared/i18n';
import { showProblem } from '../../../shared/ui/form-errors';
import { CURRENCIES } from '../../../shared/api/choices';
import { fractionToPercentText, percentTextToFraction } from '../../../shared/formatting/decimal';
import { ReadOnlyNote } from '../read-only-note';
import { countryOptions } from '../regions';
import { exampleNumber, MAX_FORMAT_LENGTH, numberFormatError } from './number-format';
import { accountQuery, useUpdateAccount, type Account, type AccountChanges } from './queries';
import { IDENTITY_TEXT, IdentitySection, identityRules, type IdentityValues } from './identity-section';
import { LogoSection } from './logo-section';
import { WorkflowSection, type WorkflowValues } from './workflow-section';
import { AccessSection, type AccessValues } from './access-section';
import { ClientPortalSection, clientPortalChangesOf, clientPortalRules, clientPortalValuesOf, type ClientPortalValues } from './client-portal-section';
import { Loading } from '../../../shared/ui/loading';
import { LIMITS } from '../../../shared/api/limits.gen';

type Values = IdentityValues &
  WorkflowValues &
  AccessValues &
  ClientPortalValues & {
    name: string;
    currency: string;
    targetMargin: string;
    addressName: string;
    street: string;
    postalCode: string;
    city: string;
    state: string;
    country: string | null;
    invoiceNumberFormat: string;
    quoteNumberFormat: string;
    purchaseOrderNumberFormat: string;
    creditNoteNumberFormat: string;
  };

const FORMATS = ['invoiceNumberFormat', 'creditNoteNumberFormat', 'quoteNumberFormat', 'purchaseOrderNumberFormat'] as const;

function valuesOf(account: Account): Values {
  return {
    name: account.name,
    currency: account.currency.code,
    targetMargin: fractionToPercentText(account.targetMargin),
    addressName: account.address.name,
    street: account.address.street,
    postalCode: account.address.postalCode,
    city: account.address.city,
    state: account.address.state,
    country: account.address.country,
    invoiceNumberFormat: account.invoiceNumberFormat,
    quoteNumberFormat: account.quoteNumberFormat,
    purchaseOrderNumberFormat: account.purchaseOrderNumberFormat,
    creditNoteNumberFormat: account.creditNoteNumberFormat,
    legalName: account.legalName,
    vatNumber: account.vatNumber,
    registrationNumber: account.registrationNumber,
    email: account.email,
    phone: account.phone,
    website: account.website,
    iban: account.iban,
    bic: account.bic,
    bankName: account.bankName,
    documentLanguage: account.documentLanguage,
    acceptedQuoteJobStatus: String(account.acceptedQuoteJobStatus),
    managersSeeRevenueAndMargins: account.managersSeeRevenueAndMargins,
    suppliersSeeClientName: account.suppliersSeeClientName,
    ...clientPortalValuesOf(account),
  };
}

function changesOf(values: Values): AccountChanges {
  return {
    name: values.name.trim(),
    currency: values.currency,
    targetMargin: percentTextToFraction(values.targetMargin),
    address: {
      name: values.addressName,
      street: values.street,
      postalCode: values.postalCode,
      city: values.city,
      state: values.state,
      country: values.country,
    },
    invoiceNumberFormat: values.invoiceNumberFormat,
    quoteNumberFormat: values.quoteNumberFormat,
    purchaseOrderNumberFormat: values.purchaseOrderNumberFormat,
    creditNoteNumberFormat: values.creditNoteNumberFormat,
    ...Object.fromEntries(IDENTITY_TEXT.map((name) => [name, values[name].trim()])),
    documentLanguage: values.documentLanguage as AccountChanges['documentLanguage'],
    acceptedQuoteJobStatus: Number(values.acceptedQuoteJobStatus) as AccountChanges['acceptedQuoteJobStatus'],
    managersSeeRevenueAndMargins: values.managersSeeRevenueAndMargins,
    suppliersSeeClientName: values.suppliersSeeClientName,
    ...clientPortalChangesOf(values),
  };
}

/** The API's parameter → the form's field (of the address, only the country can be refused). */
const fieldOf = (param: string) => (param === 'address' ? 'country' : param);

const textLimit = (value: string) => (value.length > LIMITS.text ? t('settings.account.error.long') : null);

/**
 * `/settings/account`: the agency's name, currency, target margin, address, identity on documents
 * and document numbers (PUT /v2/account), and its logo (PUT/DELETE /v2/account/logo).
 */
export function AccountPage() {
  const account = useQuery(accountQuery);
  return (
    <Stack gap="md">
      <Title order={1}>{t('settings.account.title')}</Title>
      {account.isPending && <Loading size="sm" label={t('settings.loading')} />}
      {account.isError && (
        <Alert color="red" role="alert">
          {account.error.message}
        </Alert>
      )}
      {account.data && <AccountForm account={account.data} />}
    </Stack>
  );
}

function AccountForm({ account }: { account: Account }) {
  const canEdit = useCan('account');
  const update = useUpdateAccount();
  const [problem, setProblem] = useState<string>();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(account),
    validate: {
      name: (name) => (name.trim() === '' ? t('settings.account.error.nameRequired') : textLimit(name)),
      currency: (currency) => (currency ? null : t('settings.account.error.currency')),
      targetMargin: (text) => {
        const fraction = percentTextToFraction(text);
        return fraction === undefined || fraction < 0 || fraction > 1 ? t('settings.account.error.margin') : null;
      },
      addressName: textLimit,
      street: textLimit,
      postalCode: textLimit,
      city: textLimit,
      state: textLimit,
      invoiceNumberFormat: numberFormatError,
      quoteNumberFormat: numberFormatError,
      purchaseOrderNumberFormat: numberFormatError,
      creditNoteNumberFormat: numberFormatError,
      ...identityRules,
      ...clientPortalRules,
    },
  });
  // Another tab or person saved: show what the API has now, unless this form has unsaved changes.
  useEffect(() => {
    if (!form.isDirty()) {
      form.setInitialValues(valuesOf(account));
      form.setValues(valuesOf(account));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the account changes
  }, [account]);

  const field = (name: keyof Values) => ({ ...form.getInputProps(name), readOnly: !canEdit });
  const checkbox = (name: keyof Values) => form.getInputProps(name, { type: 'checkbox' });
  const today = new Date();

  return (
    <form
      noValidate
      aria-label={t('settings.account.title')}
      onSubmit={form.onSubmit((values) => {
        setProblem(undefined);
        update.mutate(changesOf(values), {
          onSuccess: (saved) => {
            form.setInitialValues(valuesOf(saved));
            form.setValues(valuesOf(saved));
            notifications.show({ closeButtonProps: { 'aria-label': t('action.close') }, color: 'teal', message: t('settings.account.saved') });
          },
          onError: (error) => setProblem(showProblem(form, error, fieldOf)),
        });
      })}
    >
      <Stack gap="lg">
        {!canEdit && <ReadOnlyNote />}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Paper withBorder p="md" component="section" aria-labelledby="account-agency">
          <Title order={2} size="h4" id="account-agency" mb="sm">
            {t('settings.account.agency')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <TextInput label={t('settings.account.name')} description={t('settings.account.nameHelp')} required maxLength={LIMITS.text} {...field('name')} />
            <Select
              label={t('settings.account.currency')}
              description={t('settings.account.currencyHelp')}
              required
              data={[...CURRENCIES]}
              searchable
              allowDeselect={false}
              {...field('currency')}
            />
            <TextInput
              label={t('settings.account.targetMargin')}
              description={t('settings.account.targetMarginHelp')}
              inputMode="decimal"
              rightSection="%"
              {...field('targetMargin')}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="account-address">
          <Title order={2} size="h4" id="account-address" mb="sm">
            {t('settings.account.address')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput
              label={t('settings.account.addressName')}
              description={t('settings.account.addressNameHelp')}
              maxLength={LIMITS.text}
              {...field('addressName')}
            />
            <TextInput label={t('settings.account.street')} maxLength={LIMITS.text} {...field('street')} />
            <TextInput label={t('settings.account.postalCode')} maxLength={LIMITS.text} {...field('postalCode')} />
            <TextInput label={t('settings.account.city')} maxLength={LIMITS.text} {...field('city')} />
            <TextInput label={t('settings.account.state')} maxLength={LIMITS.text} {...field('state')} />
            <Select label={t('settings.account.country')} data={countryOptions()} searchable clearable={canEdit} {...field('country')} />
          </SimpleGrid>
        </Paper>
        <IdentitySection field={field} />
        <LogoSection account={account} canEdit={canEdit} />
        <WorkflowSection field={field} />
        <AccessSection checkbox={checkbox} canEdit={canEdit} />
        <ClientPortalSection field={field} checkbox={checkbox} canEdit={canEdit} />
        <Paper withBorder p="md" component="section" aria-labelledby="account-numbers">
          <Title order={2} size="h4" id="account-numbers" mb={4}>
            {t('settings.account.numbers')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('settings.account.numbersHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {FORMATS.map((name) => {
              const example = exampleNumber(form.values[name], today);
              return (
                <TextInput
                  key={name}
                  label={t(`settings.account.${name}`)}
                  description={example ? t('settings.account.example', { number: example }) : ' '}
                  required
                  maxLength={MAX_FORMAT_LENGTH}
                  {...field(name)}
                />
              );
            })}
          </SimpleGrid>
        </Paper>
        {canEdit && (
          <Group justify="flex-end">
            <Button variant="default" disabled={!form.isDirty() || update.isPending} onClick={() => form.reset()}>
              {t('settings.account.discard')}
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              {t('settings.account.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
