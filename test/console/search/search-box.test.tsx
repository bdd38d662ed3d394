import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { theme } from '../../../console/src/app/theme';
import { describe, expect, it, vi } from 'vitest';
import { SearchBox, type SearchState } from '../../../console/src/modules/search/search-box';
import type { SearchHit, SearchSection } from '../../../console/src/modules/search/search-results';
import { renderWithProviders } from '../render';

const leaflet: SearchHit = { type: 'job', id: 'j1', name: 'Package leaflet', detail: 'PO-1 · Acme' };
const spring: SearchHit = { type: 'group', id: 'g1', name: 'Spring campaign', detail: 'Acme' };
const SECTIONS: SearchSection[] = [
  { type: 'job', hits: [leaflet] },
  { type: 'group', hits: [spring] },
  { type: 'client', hits: [] },
  { type: 'supplier', hits: [] },
];

/**
 * The box with its text in state, as the header keeps it. Mantine's test mode shows the listbox at
 * once (jsdom ends no CSS transition).
 */
function Box(props: { sections: SearchSection[]; state: (typed: string) => SearchState; onOpen: (hit: SearchHit) => void }) {
  return (
    <MantineProvider env="test" theme={theme}>
      <StatefulBox {...props} />
    </MantineProvider>
  );
}

function StatefulBox({ sections, state, onOpen }: { sections: SearchSection[]; state: (typed: string) => SearchState; onOpen: (hit: SearchHit) => void }) {
  const [value, setValue] = useState('');
  return <SearchBox value={value} onChange={setValue} sections={value.trim() ? sections : []} state={state(value)} onOpen={onOpen} />;
}

const done = (typed: string): SearchState => (typed.trim() === '' ? 'empty' : typed.trim().length < 2 ? 'short' : 'done');

describe('the header’s search box', () => {
  it('shows the results by type, and opens the one chosen with the arrows and Enter', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    renderWithProviders(<Box sections={SECTIONS} state={done} onOpen={onOpen} />);
    const box = screen.getByRole('combobox', { name: 'Search everything' });
    expect(box).toHaveAttribute('aria-keyshortcuts', '/ Control+K');
    expect(box).toHaveAttribute('placeholder', expect.stringContaining('press /'));
    await user.type(box, 'acme');
    expect(await screen.findByRole('option', { name: /Job: Package leaflet/ })).toBeInTheDocument();
    expect(screen.getByText('Jobs')).toBeInTheDocument();
    expect(screen.getByText('Groups')).toBeInTheDocument();
    expect(screen.queryByText('Clients')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 results');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onOpen).toHaveBeenCalledWith(spring);
  });

  it('closes with Escape, and empties the box with a second Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Box sections={SECTIONS} state={done} onOpen={() => {}} />);
    const box = screen.getByRole('combobox', { name: 'Search everything' });
    await user.type(box, 'acme');
    await screen.findByRole('listbox');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('acme');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('asks for two characters, and says when nothing is found', async () => {
    const user = userEvent.setup();
    const nothing = SECTIONS.map((section) => ({ ...section, hits: [] }));
    renderWithProviders(<Box sections={nothing} state={done} onOpen={() => {}} />);
    const box = screen.getByRole('combobox', { name: 'Search everything' });
    await user.type(box, 'z');
    expect(await screen.findByText('Type at least two characters')).toBeInTheDocument();
    await user.type(box, 'zq');
    expect(await screen.findAllByText('Nothing found for “zzq”')).not.toHaveLength(0);
  });
});
