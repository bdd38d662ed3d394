import { Checkbox, ColorInput, ColorSwatch, Group, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiProblem } from '../../../shared/api/client';
import { t } from '../../../shared/i18n';
import { formatPercent } from '../../../shared/formatting/format';
import { EditableValue, InlineEditor, useInlineEdit } from '../../../shared/ui/inline-field';
import { fractionToPercentText, percentTextToFraction } from '../../../shared/formatting/decimal';
import { colorError, FLAG_LABELS, nameError, recordTitle, taxRateError, type FlagField, type Kind, type MasterRecord } from './kinds';
import { useUpdateRecord, type RecordChanges } from './queries';
import { LIMITS } from '../../../shared/api/limits.gen';

/**
 * The cells of a record that are edited in place: a text value (name, tax rate, colour) opens its
 * editor on a click or Enter; a flag is a checkbox that saves at once. Read-only roles see text.
 */
interface CellProps {
  kind: Kind;
  record: MasterRecord;
  canEdit: boolean;
}

function useSave(kind: Kind, record: MasterRecord) {
  const update = useUpdateRecord(kind);
  return (changes: RecordChanges) => update.mutateAsync({ id: record.id, changes });
}

/** A text field of the record edited in place; `toApi` turns the typed text into the API's value (or refuses it). */
function TextCell({
  kind,
  record,
  canEdit,
  param,
  label,
  initial,
  display,
  check,
  toApi,
  color,
}: CellProps & {
  param: 'name' | 'value' | 'color';
  label: string;
  initial: string;
  display: React.ReactNode;
  check: (text: string) => string | null;
  toApi: (text: string) => RecordChanges;
  color?: boolean;
}) {
  const save = useSave(kind, record);
  const edit = useInlineEdit<string>({ initial: () => initial, validate: check, save: (text) => save(toApi(text)), param });
  if (!canEdit) return <>{display}</>;
  if (edit.editing) {
    return (
      <InlineEditor
        edit={edit}
        label={label}
        editor={(props) =>
          color ? (
            <ColorInput
              aria-label={props.label}
              value={props.value}
              onChange={props.onChange}
              error={props.error}
              data-autofocus
              autoFocus
              format="hex"
              withPicker={false}
              size="xs"
            />
          ) : (
            <TextInput
              aria-label={props.label}
              value={props.value}
              onChange={(event) => props.onChange(event.currentTarget.value)}
              error={props.error}
              autoFocus
              size="xs"
              maxLength={param === 'name' ? LIMITS.text : 20}
              rightSection={param === 'value' ? '%' : undefined}
            />
          )
        }
      />
    );
  }
  return (
    <EditableValue label={label} onEdit={edit.start} opener={edit.opener}>
      {display}
    </EditableValue>
  );
}

export function NameCell({ kind, record, canEdit }: CellProps) {
  const name = record.name ?? '';
  return (
    <TextCell
      kind={kind}
      record={record}
      canEdit={canEdit}
      param="name"
      label={t('settings.md.column.name')}
      initial={name}
      display={
        <Text span fw={500} c={record.disabled ? 'dimmed' : undefined}>
          {name}
        </Text>
      }
      check={(text) => {
        const error = nameError(text);
        return error && t(error);
      }}
      toApi={(text) => ({ name: text.trim() })}
    />
  );
}

export function RateCell({ kind, record, canEdit }: CellProps) {
  const value = record.value ?? 0;
  return (
    <TextCell
      kind={kind}
      record={record}
      canEdit={canEdit}
      param="value"
      label={t('settings.md.column.rate')}
      initial={fractionToPercentText(value)}
      display={formatPercent(value)}
      check={(text) => {
        const error = taxRateError(percentTextToFraction(text));
        return error && t(error);
      }}
      toApi={(text) => ({ value: percentTextToFraction(text) })}
    />
  );
}

export function ColorCell({ kind, record, canEdit }: CellProps) {
  const color = record.color ?? '#000000';
  return (
    <TextCell
      kind={kind}
      record={record}
      canEdit={canEdit}
      param="color"
      label={t('settings.md.column.color')}
      initial={color}
      display={
        <Group gap="xs" wrap="nowrap" component="span">
          <ColorSwatch color={color} size={16} component="span" aria-hidden />
          <Text span ff="monospace" size="sm">
            {color}
          </Text>
        </Group>
      }
      check={(text) => {
        const error = colorError(text);
        return error && t(error);
      }}
      toApi={(text) => ({ color: text.trim() })}
      color
    />
  );
}

/** A flag: a checkbox named after the flag and the record, saved at once; read-only roles see Yes or nothing. */
export function FlagCell({ kind, record, canEdit, flag }: CellProps & { flag: FlagField }) {
  const update = useUpdateRecord(kind);
  const checked = record[flag] === true;
  if (!canEdit)
    return (
      <Text size="sm">
        {checked ? (
          t('settings.md.yes')
        ) : (
          <>
            <span aria-hidden>—</span>
            <VisuallyHidden>{t('settings.md.no')}</VisuallyHidden>
          </>
        )}
      </Text>
    );
  return (
    <Checkbox
      aria-label={t('settings.md.flagOf', { flag: t(FLAG_LABELS[flag]), record: recordTitle(record) })}
      checked={checked}
      disabled={update.isPending}
      onChange={(event) =>
        update.mutate(
          { id: record.id, changes: { [flag]: event.currentTarget.checked } },
          {
            onError: (error) =>
              notifications.show({
                closeButtonProps: { 'aria-label': t('action.close') },
                color: 'red',
                title: t('settings.md.flagFailed'),
                message: error instanceof ApiProblem ? error.message : String(error),
              }),
          },
        )
      }
    />
  );
}
