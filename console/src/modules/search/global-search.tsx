import { useDebouncedValue } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { searchQuery } from './queries';
import { SearchBox, type SearchState } from './search-box';
import { isSearchShortcut, SEARCH_TYPES, searchTerm, targetOf, type SearchHit, type SearchSection } from './search-results';

/**
 * The header's search over jobs, groups, clients, suppliers and documents (docs/console.md#search): the seven
 * lists asked at once, a quarter of a second after the last key; "/" or Ctrl+K puts the cursor in it.
 */
export function GlobalSearch() {
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, 250);
  const term = searchTerm(debounced);
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const answers = useQueries({ queries: SEARCH_TYPES.map((type) => searchQuery(type, term)) });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const sections: SearchSection[] = term === '' ? [] : SEARCH_TYPES.map((type, index) => ({ type, hits: answers[index]?.data ?? [] }));
  const failed = answers.find((answer) => answer.error)?.error;
  const state: SearchState =
    typed.trim() === ''
      ? 'empty'
      : searchTerm(typed) === ''
        ? 'short'
        : failed
          ? 'error'
          : term !== searchTerm(typed) || answers.some((answer) => answer.isFetching)
            ? 'loading'
            : 'done';

  const open = (hit: SearchHit) => {
    setTyped('');
    // The page opened takes the focus (its content, as after the skip link).
    void navigate(targetOf(hit)).then(() => document.getElementById('main')?.focus());
  };

  return <SearchBox value={typed} onChange={setTyped} sections={sections} state={state} errorMessage={failed?.message} onOpen={open} inputRef={input} />;
}
