import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState, type FocusEvent } from 'react';
import { useDatePattern } from './date-locale';
import { t } from '../i18n';
import {
  dateTimePatternText,
  formatDateInput,
  formatDateTimeInput,
  isIsoDate,
  isLocalDateTime,
  parseDateInput,
  parseDateTimeInput,
  patternText,
  type DatePattern,
} from '../formatting/date-input';

type DateFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** an ISO date (`YYYY-MM-DD`; with `withTime`, a local date-time `YYYY-MM-DDTHH:MM`), '' or null for none, or text that is not a date yet */
  value?: string | null;
  /** the date typed in that form, '' when the field is emptied, or the text as typed while it is not a date */
  onChange(value: string): void;
  /** a date and a time ("14/03/2031 17:30"), in place of `<input type="datetime-local">` */
  withTime?: boolean;
};

interface Reading {
  parse(text: string, pattern: DatePattern): string | null;
  format(value: string, pattern: DatePattern): string;
  isValue(value: string): boolean;
  hint(pattern: DatePattern): string;
}

const DAY: Reading = { parse: parseDateInput, format: formatDateInput, isValue: isIsoDate, hint: patternText };
const DAY_AND_TIME: Reading = { parse: parseDateTimeInput, format: formatDateTimeInput, isValue: isLocalDateTime, hint: dateTimePatternText };

/**
 * A date typed in the account's locale ("14/03/2031", "14.03.2031"; docs/console.md#dates) instead of
 * the browser's native date field, which follows the browser's language. The value in and out is
 * the ISO form the form already held (a date, or a local date-time with `withTime`); the field
 * shows the pattern while empty and says so when what was typed is not a real day.
 */
export function DateField({ value: given, onChange, onBlur, error, placeholder, withTime, ...rest }: DateFieldProps) {
  const value = given ?? '';
  const reading = withTime ? DAY_AND_TIME : DAY;
  const pattern = useDatePattern();
  const [text, setText] = useState(() => (reading.isValue(value) ? reading.format(value, pattern) : value));
  const [left, setLeft] = useState(false);

  // A value set from outside (a reset, a saved record, another filter) or a new pattern: show it.
  useEffect(() => {
    setText((current) => {
      const typed = current.trim() === '' ? '' : reading.parse(current, pattern);
      if (typed === value || (typed === null && current === value)) return current;
      return reading.isValue(value) ? reading.format(value, pattern) : value;
    });
  }, [value, pattern, reading]);

  const parsed = text.trim() === '' ? '' : reading.parse(text, pattern);
  const ownError = parsed === null && left ? t(withTime ? 'date.invalidWithTime' : 'date.invalid', { pattern: reading.hint(pattern) }) : undefined;
  return (
    <TextInput
      {...rest}
      value={text}
      autoComplete="off"
      placeholder={placeholder ?? reading.hint(pattern)}
      error={error ?? ownError}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        setLeft(false);
        const typed = next.trim() === '' ? '' : reading.parse(next, pattern);
        onChange(typed ?? next);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setLeft(true);
        if (parsed) setText(reading.format(parsed, pattern));
        onBlur?.(event);
      }}
    />
  );
}
