import { Paper, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { t } from '../../../shared/i18n';
import { documentLanguageOptions } from '../../../shared/ui/document-languages';
import { LIMITS } from '../../../shared/api/limits.gen';

/** The identity fields of the account form (their names are the API's parameters, so that its errors land on them). */
export type IdentityValues = {
  legalName: string;
  vatNumber: string;
  registrationNumber: string;
  email: string;
  phone: string;
  website: string;
  iban: string;
  bic: string;
  bankName: string;
  documentLanguage: string;
};

export const IDENTITY_TEXT = ['legalName', 'vatNumber', 'registrationNumber', 'email', 'phone', 'website', 'iban', 'bic', 'bankName'] as const;

// The API's own pattern (src/core/http/validation.ts, format `email-address`).
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

const tooLong = (value: string) => (value.length > LIMITS.text ? t('settings.account.error.long') : null);

/** What PUT /v2/account checks (src/modules/accounts/identity.ts), checked here first with the same library. */
export const identityRules = {
  legalName: tooLong,
  vatNumber: tooLong,
  registrationNumber: tooLong,
  phone: tooLong,
  website: tooLong,
  bankName: tooLong,
  email: (value: string) => tooLong(value) ?? (value.trim() !== '' && !EMAIL.test(value.trim()) ? t('settings.account.error.email') : null),
  iban: (value: string) => {
    if (value.trim() === '') return null;
    if (!/^[A-Za-z0-9 ]+$/.test(value.trim())) return t('settings.account.error.iban');
    return isValidIBAN(electronicFormatIBAN(value) ?? '') ? null : t('settings.account.error.iban');
  },
  bic: (value: string) => {
    const bic = value.trim().toUpperCase();
    return bic === '' || ((bic.length === 8 || bic.length === 11) && isValidBIC(bic)) ? null : t('settings.account.error.bic');
  },
};

/** The "Identity on documents" section of `/settings/account`. */
export function IdentitySection({ field }: { field: (name: keyof IdentityValues) => object }) {
  const text = (name: (typeof IDENTITY_TEXT)[number], extra: object = {}) => (
    <TextInput label={t(`settings.account.${name}`)} maxLength={LIMITS.text} {...extra} {...field(name)} />
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-identity">
      <Title order={2} size="h4" id="account-identity" mb={4}>
        {t('settings.account.identity')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('settings.account.identityHelp')}
      </Text>
      {/* Inputs on one line, whether or not their label has a description above them. */}
      <SimpleGrid cols={{ base: 1, md: 3 }} style={{ alignItems: 'end' }}>
        {text('legalName', { description: t('settings.account.legalNameHelp') })}
        {text('vatNumber')}
        {text('registrationNumber')}
        {text('email', { type: 'email' })}
        {text('phone', { type: 'tel' })}
        {text('website', { type: 'url' })}
        {text('iban', { description: t('settings.account.ibanHelp') })}
        {text('bic')}
        {text('bankName')}
        <Select
          label={t('settings.account.documentLanguage')}
          description={t('settings.account.documentLanguageHelp')}
          data={documentLanguageOptions()}
          searchable
          allowDeselect={false}
          {...field('documentLanguage')}
        />
      </SimpleGrid>
    </Paper>
  );
}
