import { Combobox, Group as Row, Text, TextInput, useCombobox, VisuallyHidden } from '@mantine/core';
import type { Ref } from 'react';
import { t, tCount, type MessageKey } from '../../shared/i18n';
import { findHit, hitValue, type SearchHit, type SearchSection, type SearchType } from './search-results';

/** Where the search is: nothing typed, too little, asking, answered, or failed. */
export type SearchState = 'empty' | 'short' | 'loading' | 'done' | 'error';

const SECTION_TITLE: Record<SearchType, MessageKey> = {
  job: 'search.section.jobs',
  group: 'search.section.groups',
  client: 'search.section.clients',
  supplier: 'search.section.suppliers',
  quote: 'search.section.quotes',
  invoice: 'search.section.invoices',
  purchaseOrder: 'search.section.purchaseOrders',
};
const TYPE_NAME: Record<SearchType, MessageKey> = {
  job: 'search.type.job',
  group: 'search.type.group',
  client: 'search.type.client',
  supplier: 'search.type.supplier',
  quote: 'search.type.quote',
  invoice: 'search.type.invoice',
  purchaseOrder: 'search.type.purchaseOrder',
};

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  sections: SearchSection[];
  state: SearchState;
  errorMessage?: string;
  onOpen: (hit: SearchHit) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The search box and its listbox of results, grouped by type (a Mantine Combobox: ↓ and ↑ move
 * through the results, Enter opens one, Escape closes the list and, once more, empties the box).
 */
export function SearchBox({ value, onChange, sections, state, errorMessage, onOpen, inputRef }: SearchBoxProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const count = sections.reduce((total, section) => total + section.hits.length, 0);
  const term = value.trim();

  const empty =
    state === 'short'
      ? t('search.hint')
      : state === 'error'
        ? t('state.error', { message: errorMessage ?? '' })
        : count > 0
          ? undefined
          : state === 'loading'
            ? t('search.searching')
            : state === 'done'
              ? t('search.nothing', { query: term })
              : undefined;

  return (
    <>
      <Combobox
        store={combobox}
        onOptionSubmit={(optionValue) => {
          const hit = findHit(sections, optionValue);
          combobox.closeDropdown();
          if (hit) onOpen(hit);
        }}
        position="bottom-start"
        width={440}
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            ref={inputRef}
            aria-label={t('search.label')}
            placeholder={t('search.placeholderShortcut')}
            aria-keyshortcuts="/ Control+K"
            type="search"
            value={value}
            w={360}
            onChange={(event) => {
              onChange(event.currentTarget.value);
              combobox.openDropdown();
              combobox.resetSelectedOption();
            }}
            onFocus={() => {
              if (term !== '') combobox.openDropdown();
            }}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              // A second Escape, the list already closed, empties the box.
              if (event.key === 'Escape' && !combobox.dropdownOpened) onChange('');
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={state === 'empty'}>
          <Combobox.Options aria-label={t('search.results')} mah={480} style={{ overflowY: 'auto' }}>
            {sections
              .filter((section) => section.hits.length > 0)
              .map((section) => (
                <Combobox.Group key={section.type} label={t(SECTION_TITLE[section.type])}>
                  {section.hits.map((hit) => (
                    <Combobox.Option key={hitValue(hit)} value={hitValue(hit)}>
                      <Row justify="space-between" gap="sm" wrap="nowrap">
                        <Text size="sm" fw={500} truncate>
                          {/* The type is heard with each result; it is seen in the group's heading. */}
                          <VisuallyHidden>{`${t(hit.creditNote ? 'search.type.creditNote' : TYPE_NAME[hit.type])}: `}</VisuallyHidden>
                          {hit.name}
                        </Text>
                        {hit.detail && (
                          <Text size="xs" c="dimmed" truncate>
                            <VisuallyHidden>{' — '}</VisuallyHidden>
                            {hit.detail}
                          </Text>
                        )}
                      </Row>
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              ))}
            {empty !== undefined && <Combobox.Empty>{empty}</Combobox.Empty>}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <VisuallyHidden aria-live="polite" role="status">
        {state === 'done' && term !== '' ? (count > 0 ? tCount('search.count', count) : t('search.nothing', { query: term })) : ''}
      </VisuallyHidden>
    </>
  );
}
