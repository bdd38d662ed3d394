import { Alert, Button, Checkbox, ColorInput, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { t } from '../../../shared/i18n';
import { showProblem } from '../../../shared/ui/form-errors';
import { percentTextToFraction } from '../../../shared/formatting/decimal';
import { languageOptionsFor } from '../regions';
import { colorError, nameError, recordTitle, taxRateError, type Kind } from './kinds';
import { useCreateRecord, type NewRecord } from './queries';
import { notifications } from '@mantine/notifications';
import { LIMITS } from '../../../shared/api/limits.gen';

type Values = {
  name: string;
  value: string;
  color: string;
  source: string | null;
  target: string | null;
  bidirectional: boolean;
};

const EMPTY: Values = { name: '', value: '', color: '#1c7ed6', source: null, target: null, bidirectional: false };

/** What the kind's create takes (docs/master-data.md#endpoints): only its own parameters. */
function bodyOf(kind: Kind, values: Values): NewRecord {
  switch (kind.shape) {
    case 'named':
      return { name: values.name.trim() };
    case 'tax':
      return { name: values.name.trim(), value: percentTextToFraction(values.value) };
    case 'label':
      return { name: values.name.trim(), color: values.color.trim() };
    case 'languagePair':
      return { target: values.target ?? '', ...(values.source ? { source: values.source } : {}), bidirectional: values.bidirectional };
  }
}

/** A searchable select of language codes; a valid code the list lacks (`fr-LU`) can be typed and chosen. */
function LanguageSelect(props: {
  label: string;
  description?: string;
  required?: boolean;
  value: string | null;
  onChange: (code: string | null) => void;
  error?: React.ReactNode;
}) {
  const [search, setSearch] = useState('');
  return (
    <Select
      label={props.label}
      description={props.description}
      required={props.required}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      data={languageOptionsFor(search)}
      searchable
      clearable={!props.required}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={t('settings.md.language.none')}
      placeholder={t('settings.md.language.placeholder')}
      limit={300}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** "New service", "New tax", …: the create dialog of a kind, with the kind's fields and rules. */
export function NewRecordModal({ kind, opened, onClose }: { kind: Kind; opened: boolean; onClose: () => void }) {
  const create = useCreateRecord(kind);
  const [problem, setProblem] = useState<string>();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      name: (name) => {
        if (kind.shape === 'languagePair') return null;
        const error = nameError(name);
        return error && t(error);
      },
      value: (value) => {
        if (kind.shape !== 'tax') return null;
        const error = taxRateError(percentTextToFraction(value));
        return error && t(error);
      },
      color: (color) => {
        if (kind.shape !== 'label') return null;
        const error = colorError(color);
        return error && t(error);
      },
      target: (target, values) => {
        if (kind.shape !== 'languagePair') return null;
        if (!target) return t('settings.md.error.targetRequired');
        return values.source === target ? t('settings.md.error.sameLanguages') : null;
      },
    },
  });
  const close = () => {
    form.reset();
    setProblem(undefined);
    onClose();
  };

  return (
    <Modal lockScroll={false} opened={opened} onClose={close} title={t(kind.add)} closeButtonProps={{ 'aria-label': t('action.close') }}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setProblem(undefined);
          create.mutate(bodyOf(kind, values), {
            onSuccess: (record) => {
              notifications.show({
                closeButtonProps: { 'aria-label': t('action.close') },
                color: 'teal',
                message: t('settings.md.created', { name: recordTitle(record) }),
              });
              close();
            },
            onError: (error) => setProblem(showProblem(form, error)),
          });
        })}
      >
        <Stack gap="sm">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          {kind.shape === 'languagePair' ? (
            <>
              <LanguageSelect
                label={t('settings.md.column.source')}
                description={t('settings.md.language.sourceHelp')}
                value={form.values.source}
                onChange={(code) => form.setFieldValue('source', code)}
                error={form.errors.source}
              />
              <LanguageSelect
                label={t('settings.md.column.target')}
                required
                value={form.values.target}
                onChange={(code) => form.setFieldValue('target', code)}
                error={form.errors.target}
              />
              <Checkbox
                label={t('settings.md.column.bidirectional')}
                description={t('settings.md.language.bidirectionalHelp')}
                {...form.getInputProps('bidirectional', { type: 'checkbox' })}
              />
            </>
          ) : (
            <TextInput label={t('settings.md.column.name')} required data-autofocus maxLength={LIMITS.text} {...form.getInputProps('name')} />
          )}
          {kind.shape === 'tax' && (
            <TextInput
              label={t('settings.md.column.rate')}
              description={t('settings.md.rateHelp')}
              required
              inputMode="decimal"
              rightSection="%"
              {...form.getInputProps('value')}
            />
          )}
          {kind.shape === 'label' && (
            <ColorInput label={t('settings.md.column.color')} required format="hex" withPicker={false} {...form.getInputProps('color')} />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('action.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('settings.md.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
