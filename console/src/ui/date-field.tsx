import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState, type FocusEvent } from 'react';
import { useDatePattern } from '../app/date-locale';
import { t } from '../i18n';
import { formatDateInput, isIsoDate, parseDateInput, patternText } from './date-input';

type DateFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** an ISO date (`YYYY-MM-DD`), '' or null for none, or text that is not a date yet */
  value?: string | null;
  /** the ISO date typed, '' when the field is emptied, or the text as typed while it is not a date */
  onChange(value: string): void;
};

/**
 * A date typed in the account's locale ("14/03/2031", "14.03.2031"; docs/console.md#dates) instead of
 * the browser's native date field, which follows the browser's language. The value in and out is
 * an ISO date, as the API takes it; the field shows the pattern while empty and says so when what
 * was typed is not a real day.
 */
export function DateField({ value: given, onChange, onBlur, error, placeholder, ...rest }: DateFieldProps) {
  const value = given ?? '';
  const pattern = useDatePattern();
  const shown = (next: string) => (isIsoDate(next) ? formatDateInput(next, pattern) : next);
  const [text, setText] = useState(() => shown(value));
  const [left, setLeft] = useState(false);

  // A value set from outside (a reset, a saved record, another filter) or a new pattern: show it.
  useEffect(() => {
    setText((current) => {
      const typed = current.trim() === '' ? '' : parseDateInput(current, pattern);
      if (typed === value || (typed === null && current === value)) return current;
      return isIsoDate(value) ? formatDateInput(value, pattern) : value;
    });
  }, [value, pattern]);

  const parsed = text.trim() === '' ? '' : parseDateInput(text, pattern);
  const ownError = parsed === null && left ? t('date.invalid', { pattern: patternText(pattern) }) : undefined;
  return (
    <TextInput
      {...rest}
      value={text}
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder ?? patternText(pattern)}
      error={error ?? ownError}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        setLeft(false);
        const iso = next.trim() === '' ? '' : parseDateInput(next, pattern);
        onChange(iso ?? next);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setLeft(true);
        if (parsed) setText(formatDateInput(parsed, pattern));
        onBlur?.(event);
      }}
    />
  );
}
