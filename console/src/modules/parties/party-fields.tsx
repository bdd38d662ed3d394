import { NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { InlineField, type EditorProps } from '../../shared/ui/inline-field';
import type { Choice } from './choices';
import { partyRules } from './party-rules';
import type { PartyBody } from './queries';
import { LIMITS } from '../../shared/api/limits.gen';

/**
 * The kinds of in-place fields the parties' sections are made of: a text, a long text, a choice,
 * a number. Each sends one parameter of PUT /v2/clients/:id or /v2/suppliers/:id.
 */
type Save = (body: PartyBody) => Promise<unknown>;

interface Common {
  label: string;
  param: string;
  canEdit: boolean;
  save: Save;
}

function TextEditor(props: EditorProps<string> & { type?: string }) {
  return <TextInput {...props} maxLength={LIMITS.text} onChange={(event) => props.onChange(event.currentTarget.value)} />;
}

function LongTextEditor(props: EditorProps<string>) {
  return <Textarea {...props} maxLength={LIMITS.text} autosize minRows={2} onChange={(event) => props.onChange(event.currentTarget.value)} />;
}

/** A text parameter ('' clears it); `required` for the name. */
export function TextField({
  value,
  display,
  rule = partyRules.text,
  long = false,
  type,
  ...common
}: Common & { value: string; display?: ReactNode; rule?: (value: string) => string | null; long?: boolean; type?: string }) {
  return (
    <InlineField<string>
      label={common.label}
      param={common.param}
      canEdit={common.canEdit}
      display={display ?? value}
      initial={() => value}
      validate={rule}
      save={(next) => common.save({ [common.param]: next.trim() })}
      editor={(props) => (long ? <LongTextEditor {...props} /> : <TextEditor {...props} type={type} />)}
    />
  );
}

/** A choice among options; `clearable` sends null for none. */
export function ChoiceField({
  value,
  display,
  options,
  clearable = false,
  validate,
  ...common
}: Common & { value: string | null; display: ReactNode; options: Choice[]; clearable?: boolean; validate?: (value: string | null) => string | null }) {
  return (
    <InlineField<string | null>
      label={common.label}
      param={common.param}
      canEdit={common.canEdit}
      display={display}
      initial={() => value}
      validate={validate}
      save={(next) => common.save({ [common.param]: next })}
      editor={(props) => <Select {...props} data={options} searchable clearable={clearable} comboboxProps={{ withinPortal: true }} />}
    />
  );
}

/** A number that may be empty (null: none), e.g. the minimum fee or the rating. */
export function NumberField({
  value,
  display,
  rule,
  decimals,
  min,
  max,
  ...common
}: Common & { value: number | null; display: ReactNode; rule: (value: number | string) => string | null; decimals: number; min: number; max?: number }) {
  return (
    <InlineField<number | string>
      label={common.label}
      param={common.param}
      canEdit={common.canEdit}
      display={display}
      initial={() => value ?? ''}
      validate={rule}
      save={(next) => common.save({ [common.param]: next === '' ? null : Number(next) })}
      editor={(props) => <NumberInput {...props} min={min} max={max} decimalScale={decimals} />}
    />
  );
}
