import './notes-editor.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Typography } from '@mantine/core';
import { EditorContent, Extension, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { t } from '../../shared/i18n';
import { formatNumber } from '../../shared/formatting/format';
import { NOTE_MAX_LENGTH } from './notes-queries';
import { noteContent } from './notes-text';
import { NoteToolbar } from './notes-toolbar';

/**
 * The rich-text editor of notes (Tiptap, with notes-toolbar.tsx): bold, italic, lists and links,
 * what the server keeps of a note (docs/notes.md#content); headings, code blocks and rules are left
 * out so that what is written is what is stored. Loaded on demand (notes-section.tsx imports it
 * lazily): Tiptap is not part of the console's first load.
 *
 * Content-Security-Policy: Tiptap would add its base styles as a <style> element, which the page
 * refuses without its nonce; `injectCSS: false` and the same rules in notes-editor.css instead.
 */
export function NoteEditor({
  label,
  initialContent = '',
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  label: string;
  initialContent?: string;
  submitLabel: string;
  pending: boolean;
  error?: string;
  onSubmit: (html: string) => void;
  onCancel: () => void;
}) {
  const [problem, setProblem] = useState<string>();
  // The editor is made once; its shortcut calls the latest submit through this.
  const submitRef = useRef(() => {});
  // Options that keep their identity across renders: Tiptap compares them on every render and,
  // when they differ, sets them again, which writes the editor's selection back into the page. A
  // render of the page while a selection is being made with Shift+arrows then undid the part the
  // editor had not read yet (seen in a CI run: 'rief' selected instead of 'the brief').
  const [extensions] = useState(() => [
    StarterKit.configure({
      heading: false,
      codeBlock: false,
      horizontalRule: false,
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto'], HTMLAttributes: { target: null, rel: null } },
      // No empty paragraph kept after a list at the end: it would be stored.
      trailingNode: false,
    }),
    // Ctrl+Enter (⌘+Enter) saves; before the line break that StarterKit binds to it.
    Extension.create({
      name: 'saveShortcut',
      priority: 1000,
      addKeyboardShortcuts: () => ({
        'Mod-Enter': () => {
          submitRef.current();
          return true;
        },
      }),
    }),
  ]);
  // The editable area is a labelled, multi-line text box (screen readers, Playwright's getByRole).
  const editorProps = useMemo(() => ({ attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label } }), [label]);
  const editor = useEditor({ injectCSS: false, extensions, content: initialContent, editorProps });

  // The cursor goes to the end of the text once the editable area is in the page (Tiptap's own
  // `autofocus` may run before React has put it there, and then does nothing).
  useEffect(() => {
    if (!editor) return;
    const frame = requestAnimationFrame(() => editor.commands.focus('end'));
    return () => cancelAnimationFrame(frame);
  }, [editor]);

  const submit = () => {
    // Ctrl+Enter again while the note is on its way does not send it twice.
    if (!editor || pending) return;
    if (editor.getText().trim() === '') return setProblem(t('notes.empty'));
    const html = noteContent(editor.getHTML());
    if (html.length > NOTE_MAX_LENGTH) return setProblem(t('notes.tooLong', { max: formatNumber(NOTE_MAX_LENGTH) }));
    setProblem(undefined);
    onSubmit(html);
  };
  submitRef.current = submit;

  return (
    <Stack gap="xs">
      <Paper withBorder className="note-editor">
        {editor && <NoteToolbar editor={editor} />}
        <Typography>
          <EditorContent editor={editor} className="note-editor-content" />
        </Typography>
      </Paper>
      {(problem ?? error) && (
        <Alert color="red" role="alert">
          {problem ?? error}
        </Alert>
      )}
      <Group gap="xs">
        <Button onClick={submit} loading={pending}>
          {submitLabel}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t('action.cancel')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('notes.saveHint')}
        </Text>
      </Group>
    </Stack>
  );
}
