import { Button, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { ApiProblem } from '../api/client';
import { t } from '../i18n';
import classes from './inline-field.module.css';

/**
 * Editing one value in place (docs/console.md#the-job-page): the value shows as text; a click, or
 * Enter on it, opens its editor with the focus in it; Enter (or Save) saves, Escape (or Cancel)
 * puts the value back. A value the rules refuse, or the API's error on the field's parameter,
 * shows at the editor, which stays open. After saving or cancelling the focus returns to the value.
 */
export interface EditorProps<V> {
  value: V;
  onChange: (value: V) => void;
  label: string;
  error: string | undefined;
  autoFocus: true;
}

export interface InlineEdit<V> {
  /** Asked when the editor opens: the value to edit (the job's current one). */
  initial: () => V;
  /** The rules of the API for the value (the same limits), or none. */
  validate?: (value: V) => string | null;
  save: (value: V) => Promise<unknown>;
  /** The API parameter the field sends: its error in the API's answer shows at the field. */
  param: string;
  /** Equal values are not sent (default: compared as JSON). */
  same?: (a: V, b: V) => boolean;
}

export function useInlineEdit<V>({ initial, validate, save, param, same }: InlineEdit<V>) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<V>(initial);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      opener.current?.focus();
    }
  }, [editing]);

  const start = () => {
    setValue(initial());
    setError(undefined);
    setEditing(true);
  };
  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    const refusal = validate?.(value);
    if (refusal) return setError(refusal);
    if ((same ?? ((a: V, b: V) => JSON.stringify(a) === JSON.stringify(b)))(value, initial())) return close();
    setSaving(true);
    try {
      await save(value);
      close();
    } catch (problem) {
      setError(problem instanceof ApiProblem ? (problem.fieldMessage(param) ?? problem.message) : String(problem));
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // Escape first closes an open list (a Select's options), then the editor.
    const target = event.target as HTMLElement;
    if (event.key === 'Escape' && target.getAttribute('aria-expanded') !== 'true') {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
    // In a text area Enter is a new line: Ctrl+Enter (⌘+Enter) saves.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && target.tagName === 'TEXTAREA') void submit(event);
  };
  return { editing, start, close, value, setValue, error, saving, submit, onKeyDown, opener };
}

/** The editor's form: the editor, Save and Cancel. */
export function InlineEditor<V>({
  edit,
  label,
  editor,
}: {
  edit: ReturnType<typeof useInlineEdit<V>>;
  label: string;
  editor: (props: EditorProps<V>) => ReactNode;
}) {
  return (
    <form onSubmit={(event) => void edit.submit(event)} onKeyDown={edit.onKeyDown} noValidate>
      <Stack gap={6}>
        {editor({ value: edit.value, onChange: edit.setValue, label, error: edit.error, autoFocus: true })}
        <Group gap="xs">
          <Button type="submit" size="compact-sm" loading={edit.saving}>
            {t('action.save')}
          </Button>
          <Button type="button" size="compact-sm" variant="default" onClick={edit.close} disabled={edit.saving}>
            {t('action.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The value as text that opens its editor: its accessible name is the value, then "Edit <label>". */
export function EditableValue({ label, children, onEdit, opener }: { label: string; children: ReactNode; onEdit: () => void; opener: Ref<HTMLButtonElement> }) {
  return (
    <UnstyledButton ref={opener} className={classes.value} onClick={onEdit}>
      <span>{children}</span>
      <VisuallyHidden>{t('job.field.edit', { field: label })}</VisuallyHidden>
      <PencilIcon />
    </UnstyledButton>
  );
}

export function PencilIcon() {
  return (
    <svg
      className={classes.pencil}
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 20h4L18.5 9.5a2.8 2.8 0 0 0-4-4L4 16v4" />
      <path d="M13.5 6.5l4 4" />
    </svg>
  );
}

interface InlineFieldProps<V> extends InlineEdit<V> {
  label: string;
  /** The value as shown; empty values show "Not set". */
  display: ReactNode;
  canEdit: boolean;
  editor: (props: EditorProps<V>) => ReactNode;
}

/** A labelled value of the job, editable in place when the role may change jobs (else plain text). */
export function InlineField<V>({ label, display, canEdit, editor, ...options }: InlineFieldProps<V>) {
  const edit = useInlineEdit(options);
  const shown =
    display === null || display === undefined || display === '' ? (
      <Text span c="dimmed">
        {t('job.field.notSet')}
      </Text>
    ) : (
      display
    );
  return (
    <Stack gap={2}>
      {!edit.editing && (
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
      )}
      {edit.editing ? (
        <InlineEditor edit={edit} label={label} editor={editor} />
      ) : canEdit ? (
        <EditableValue label={label} onEdit={edit.start} opener={edit.opener}>
          {shown}
        </EditableValue>
      ) : (
        <Text component="div">{shown}</Text>
      )}
    </Stack>
  );
}
