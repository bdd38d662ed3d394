import { Select, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '../../shared/i18n';
import { EditableValue, InlineEditor, useInlineEdit, type EditorProps, type InlineEdit } from '../../shared/ui/inline-field';
import type { Choice } from '../../shared/api/choices';

/**
 * One cell of the grid edited in place (ui/inline-field.tsx): the value, a click or Enter opens its
 * editor, Enter saves, Escape puts it back; a refusal of the API stays at the cell.
 */
export function PriceCell<V>({
  label,
  display,
  canEdit,
  editor,
  ...options
}: InlineEdit<V> & { label: string; display: ReactNode; canEdit: boolean; editor: (props: EditorProps<V>) => ReactNode }) {
  const edit = useInlineEdit(options);
  if (edit.editing) return <InlineEditor edit={edit} label={label} editor={editor} />;
  if (!canEdit) return <>{display}</>;
  return (
    <EditableValue label={label} onEdit={edit.start} opener={edit.opener}>
      {display}
    </EditableValue>
  );
}

/**
 * A choice among options; `clearable` for the optional references (none: any language pair, any
 * domain…). The options may be given as a function, read only when the editor opens: a grid's rows
 * then need not be drawn again when the lists arrive.
 */
export const selectEditor =
  (data: Choice[] | readonly string[] | (() => Choice[] | readonly string[]), clearable = false, placeholder?: string) =>
  ({ value, onChange, label, error, autoFocus }: EditorProps<string | null>) => (
    <Select
      aria-label={label}
      data={(typeof data === 'function' ? data() : data) as Choice[]}
      value={value}
      onChange={onChange}
      error={error}
      autoFocus={autoFocus}
      searchable
      clearable={clearable}
      placeholder={placeholder}
      nothingFoundMessage={t('prices.nothingFound')}
      comboboxProps={{ withinPortal: true }}
      size="xs"
      miw={180}
    />
  );

/** A decimal typed as text (unit costs, rates): no float rounding before the API's. */
export const decimalEditor =
  (suffix?: string) =>
  ({ value, onChange, label, error, autoFocus }: EditorProps<string>) => (
    <TextInput
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      autoFocus={autoFocus}
      inputMode="decimal"
      rightSection={suffix}
      size="xs"
      miw={110}
    />
  );
