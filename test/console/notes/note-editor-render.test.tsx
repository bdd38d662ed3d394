import { act, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { NoteEditor } from '../../../console/src/modules/notes/notes-editor';
import { renderWithProviders } from '../render';

describe('the note editor on a render of its page', () => {
  // jsdom lays nothing out; ProseMirror measures a range when it scrolls the cursor into view.
  beforeAll(() => {
    Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null });
    Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  });

  // A render that set the editor's options again wrote its selection back into the page, undoing
  // a selection the editor had not read yet (a CI run selected 'rief' instead of 'the brief').
  it('keeps its options, so a render does not write the editor state back into the page', async () => {
    const props = { label: 'Note of the job', initialContent: '<p>See the brief</p>', submitLabel: 'Save note', onSubmit: () => {}, onCancel: () => {} };
    let renderWith: (changes: { pending: boolean; label?: string }) => void = () => {};
    function Page() {
      const [changes, setChanges] = useState<{ pending: boolean; label?: string }>({ pending: false });
      renderWith = setChanges;
      return <NoteEditor {...props} label={changes.label ?? props.label} pending={changes.pending} />;
    }
    const view = renderWithProviders(<Page />);
    const area = await waitFor(() => {
      const found = view.container.querySelector<HTMLElement & { editor?: Editor }>('.ProseMirror');
      expect(found?.editor).toBeDefined();
      return found!;
    });
    const editor = area.editor!;
    const setOptions = vi.spyOn(editor, 'setOptions');
    const again = (pending: boolean, label?: string) => {
      act(() => renderWith({ pending, label }));
    };
    again(true);
    again(false);
    expect(setOptions).not.toHaveBeenCalled();
    // Its label is still followed.
    again(false, 'Note of the group');
    expect(area.getAttribute('aria-label')).toBe('Note of the group');
  });
});
