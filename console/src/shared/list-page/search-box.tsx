import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/**
 * The search box of a list page: what is typed reaches the address (and the API) 300 ms after the
 * last key, trimmed, and the box follows the address when the view changes otherwise (back, a
 * cleared filter, a link).
 */
export function ListSearchBox({
  value,
  onSearch,
  label,
  placeholder,
  width,
}: {
  value: string | undefined;
  onSearch(q: string | undefined): void;
  label: string;
  placeholder?: string;
  /** Its width, or its largest width (`{ max: 480 }`) when it takes a line of its own. */
  width: number | { max: number };
}) {
  const [text, setText] = useState(value ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  useEffect(() => {
    if (debounced !== (value ?? '')) onSearch(debounced || undefined);
    // Only a new typed text searches; the address changing is handled below.
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    // The address changed by other means than typing: show its search.
    if ((value ?? '') !== debounced) setText(value ?? '');
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      {...(typeof width === 'number' ? { w: width } : { maw: width.max })}
    />
  );
}
