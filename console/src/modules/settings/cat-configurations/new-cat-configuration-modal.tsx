import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { t, tCount } from '../../../shared/i18n';
import { showProblem } from '../../../shared/ui/form-errors';
import type { MasterRecord } from '../master-data/kinds';
import { conversionFactorError } from './conversion-factor';
import { catPresetsQuery, useCreateCatConfiguration, type CatConfiguration, type CatPreset, type CatTool } from './queries';
import { LIMITS } from '../../../shared/api/limits.gen';

/** No preset: an empty configuration, every band to map by hand. */
const EMPTY = 'empty';

type Values = {
  preset: string;
  name: string;
  catTool: string | null;
  sourceQuantityType: string | null;
  destinationQuantityType: string | null;
  conversionFactor: string;
};

/** "New CAT configuration": a name, the tool, what to count and into which unit (POST /v2/account/cat-configurations). */
export function NewCatConfigurationModal({
  opened,
  onClose,
  onCreated,
  tools,
  units,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (configuration: CatConfiguration) => void;
  tools: CatTool[];
  units: MasterRecord[];
}) {
  const create = useCreateCatConfiguration();
  const [problem, setProblem] = useState<string>();
  const pinnedUnit = units.find((unit) => unit.pinned && !unit.disabled) ?? units.find((unit) => !unit.disabled);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { preset: EMPTY, name: '', catTool: null, sourceQuantityType: null, destinationQuantityType: pinnedUnit?.id ?? null, conversionFactor: '1' },
    validate: {
      name: (name) => (name.trim() === '' ? t('settings.md.error.nameRequired') : name.length > LIMITS.text ? t('settings.md.error.nameLong') : null),
      catTool: (tool) => (tool ? null : t('settings.cat.error.tool')),
      sourceQuantityType: (type) => (type ? null : t('settings.cat.error.source')),
      destinationQuantityType: (unit) => (unit ? null : t('settings.cat.error.unit')),
      conversionFactor: (text) => {
        const error = conversionFactorError(text);
        return error && t(error);
      },
    },
  });
  const tool = tools.find((item) => item.id === form.values.catTool);
  const presets = useQuery({ ...catPresetsQuery, enabled: opened }).data ?? [];
  const preset = presets.find((item) => item.id === form.values.preset);
  // A preset fills the fields it has; they can still be changed before creating.
  const choosePreset = (id: string | null) => {
    const chosen: CatPreset | undefined = presets.find((item) => item.id === id);
    form.setFieldValue('preset', chosen ? chosen.id : EMPTY);
    if (!chosen) return;
    form.setValues({
      name: chosen.name,
      catTool: chosen.catTool.id,
      sourceQuantityType: chosen.quantityTypes.source,
      conversionFactor: String(chosen.quantityTypes.conversionFactor),
      ...(chosen.quantityTypes.destination ? { destinationQuantityType: chosen.quantityTypes.destination.id } : {}),
    });
  };
  const close = () => {
    form.reset();
    setProblem(undefined);
    onClose();
  };

  return (
    <Modal lockScroll={false} opened={opened} onClose={close} title={t('settings.cat.new')} closeButtonProps={{ 'aria-label': t('action.close') }}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setProblem(undefined);
          create.mutate(
            {
              ...(preset ? { preset: preset.id as 'trados' } : {}),
              name: values.name.trim(),
              catTool: values.catTool as 'trados',
              sourceQuantityType: values.sourceQuantityType ?? '',
              destinationQuantityType: values.destinationQuantityType ?? '',
              conversionFactor: Number(values.conversionFactor.trim().replace(',', '.')),
            },
            {
              onSuccess: (configuration) => {
                close();
                onCreated(configuration);
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
          <Select
            label={t('settings.cat.preset')}
            description={
              preset
                ? tCount('settings.cat.presetMapped', preset.mappings.reduce((sum, m) => sum + m.toolMatches.length, 0) + preset.unmapped.length, {
                    mapped: preset.mappings.reduce((sum, m) => sum + m.toolMatches.length, 0),
                  })
                : t('settings.cat.presetHelp')
            }
            data={[{ value: EMPTY, label: t('settings.cat.presetEmpty') }, ...presets.map((item) => ({ value: item.id, label: item.name }))]}
            allowDeselect={false}
            value={form.values.preset}
            onChange={choosePreset}
          />
          <TextInput label={t('settings.cat.name')} required data-autofocus maxLength={LIMITS.text} {...form.getInputProps('name')} />
          <Select
            label={t('settings.cat.tool')}
            required
            data={tools.map((item) => ({ value: item.id, label: item.name }))}
            allowDeselect={false}
            disabled={preset !== undefined}
            {...form.getInputProps('catTool')}
            onChange={(id: string | null) => {
              form.setFieldValue('catTool', id);
              form.setFieldValue('sourceQuantityType', tools.find((item) => item.id === id)?.quantityTypes.default ?? null);
            }}
          />
          <Select
            label={t('settings.cat.source')}
            description={t('settings.cat.sourceHelp')}
            required
            disabled={!tool}
            data={(tool?.quantityTypes.list ?? []).map((type) => ({
              value: type,
              label: t(type === 'characters' ? 'settings.cat.count.characters' : 'settings.cat.count.words'),
            }))}
            allowDeselect={false}
            {...form.getInputProps('sourceQuantityType')}
          />
          <Select
            label={t('settings.cat.unit')}
            description={t('settings.cat.unitHelp')}
            required
            data={units.filter((unit) => !unit.disabled).map((unit) => ({ value: unit.id, label: unit.name ?? '' }))}
            allowDeselect={false}
            {...form.getInputProps('destinationQuantityType')}
          />
          <TextInput
            label={t('settings.cat.factor')}
            description={t('settings.cat.factorHelp')}
            required
            inputMode="decimal"
            {...form.getInputProps('conversionFactor')}
          />
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
