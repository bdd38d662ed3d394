import { Alert, Button, Group as Row, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { t } from '../../shared/i18n';
import { showProblem } from '../../shared/ui/form-errors';
import { CURRENCIES } from '../../shared/api/choices';
import { partyTarget } from './party-kind';
import { partyRules } from './party-rules';
import type { PartyKind } from '../../shared/api/party';
import { useCreateParty } from './queries';
import { LIMITS } from '../../shared/api/limits.gen';

type NewPartyValues = {
  name: string;
  email: string;
  phone: string;
  currency: string | null;
  supplierType: 'freelance' | 'company';
};

/**
 * "New client" / "New supplier": the name, and what a PM usually has at hand (e-mail, phone,
 * currency: the account's when left empty; a supplier's type). Saving opens the new page, where
 * everything else is filled in place.
 */
export function CreatePartyModal({ kind, opened, onClose }: { kind: PartyKind; opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateParty(kind);
  const [problem, setProblem] = useState<string>();
  const typeLabel = useId();
  const form = useForm<NewPartyValues>({
    mode: 'controlled',
    initialValues: { name: '', email: '', phone: '', currency: null, supplierType: 'freelance' },
    validate: {
      name: partyRules.name,
      email: partyRules.email,
      phone: partyRules.text,
      currency: (value) => (value === null ? null : partyRules.currency(value)),
    },
  });
  const close = () => {
    form.reset();
    setProblem(undefined);
    onClose();
  };

  return (
    <Modal lockScroll={false} opened={opened} onClose={close} title={t(`parties.${kind}.new`)} closeButtonProps={{ 'aria-label': t('action.close') }}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setProblem(undefined);
          create.mutate(
            {
              name: values.name.trim(),
              email: values.email.trim() || undefined,
              phone: values.phone.trim() || undefined,
              currency: values.currency ?? undefined,
              ...(kind === 'supplier' ? { supplierType: values.supplierType } : {}),
            },
            {
              onSuccess: (party) => {
                close();
                void navigate(partyTarget(kind, party.id));
              },
              onError: (error) => setProblem(showProblem(form, error)),
            },
          );
        })}
      >
        <Stack gap="sm">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <TextInput label={t('parties.field.name')} required data-autofocus maxLength={LIMITS.text} {...form.getInputProps('name')} />
          {kind === 'supplier' && (
            <Stack gap={4}>
              <Text size="sm" fw={500} id={typeLabel}>
                {t('parties.field.supplierType')}
              </Text>
              <SegmentedControl
                aria-labelledby={typeLabel}
                data={[
                  { value: 'freelance', label: t('parties.supplierType.freelance') },
                  { value: 'company', label: t('parties.supplierType.company') },
                ]}
                {...form.getInputProps('supplierType')}
              />
            </Stack>
          )}
          <TextInput label={t('parties.field.email')} type="email" maxLength={LIMITS.text} {...form.getInputProps('email')} />
          <TextInput label={t('parties.field.phone')} type="tel" maxLength={LIMITS.text} {...form.getInputProps('phone')} />
          <Select
            label={t('parties.field.currency')}
            placeholder={t('parties.field.currencyDefault')}
            data={[...CURRENCIES]}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('currency')}
          />
          <Row justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('action.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t(`parties.${kind}.create`)}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
