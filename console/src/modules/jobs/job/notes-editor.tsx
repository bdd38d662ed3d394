import '@mantine/tiptap/styles.css';
import './notes-editor.css';
import { useRef, useState } from 'react';
import { Alert, Button, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { Extension, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { t } from '../../../i18n';
import { formatNumber } from '../../../ui/format';
import { NOTE_MAX_LENGTH } from './notes-queries';
import { linkAddress, noteContent } from './notes-text';

/**
 * The rich-text editor of notes (Tiptap, with Mantine's toolbar): bold, italic, lists and links,
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
  const editor = useEditor({
    injectCSS: false,
    extensions: [
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
    ],
    content: initialContent,
    autofocus: 'end',
    editorProps: {
      // The editable area is a labelled, multi-line text box (screen readers, Playwright's getByRole).
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label },
    },
  });

  const submit = () => {
    if (!editor) return;
    if (editor.getText().trim() === '') return setProblem(t('notes.empty'));
    const html = noteContent(editor.getHTML());
    if (html.length > NOTE_MAX_LENGTH) return setProblem(t('notes.tooLong', { max: formatNumber(NOTE_MAX_LENGTH) }));
    setProblem(undefined);
    onSubmit(html);
  };
  submitRef.current = submit;

  return (
    <Stack gap="xs">
      <RichTextEditor
        editor={editor}
        labels={{
          boldControlLabel: t('notes.bold'),
          italicControlLabel: t('notes.italic'),
          bulletListControlLabel: t('notes.bulletList'),
          orderedListControlLabel: t('notes.orderedList'),
          unlinkControlLabel: t('notes.unlink'),
        }}
      >
        <RichTextEditor.Toolbar aria-label={t('notes.toolbar')} role="group">
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <LinkControl />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
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

/**
 * The link button: a small form for the address (Mantine's own has an unlabelled button inside,
 * which axe-core reports). Enter saves, Escape closes; only http(s) and mailto addresses, which
 * the server keeps.
 */
function LinkControl() {
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string>();
  const active = useEditorState({ editor, selector: ({ editor }) => (editor && !editor.isDestroyed ? editor.isActive('link') : false) });

  const open = () => {
    setAddress((editor?.getAttributes('link').href as string | undefined) ?? '');
    setProblem(undefined);
    setOpened(true);
  };
  const save = () => {
    if (!editor) return;
    if (address.trim() === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return setOpened(false);
    }
    const href = linkAddress(address);
    if (!href) return setProblem(t('notes.linkInvalid'));
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus returnFocus withinPortal shadow="md" position="bottom-start">
      <Popover.Target>
        <RichTextEditor.Control
          onClick={() => (opened ? setOpened(false) : open())}
          active={active ?? false}
          aria-label={t('notes.link')}
          title={t('notes.link')}
        >
          <LinkIcon />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Group gap="xs" align="flex-start">
          <TextInput
            label={t('notes.linkAddress')}
            placeholder={t('notes.linkPlaceholder')}
            type="url"
            size="xs"
            value={address}
            aria-invalid={problem !== undefined}
            description={
              problem && (
                // Not the input's error style: its red is too light on white for small text (WCAG AA).
                <Text span size="xs" c="red.9">
                  {problem}
                </Text>
              )
            }
            inputWrapperOrder={['label', 'input', 'description']}
            onChange={(event) => setAddress(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                save();
              }
            }}
          />
          <Button size="xs" mt={22} onClick={save}>
            {t('notes.linkSave')}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

function LinkIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M9 15l6 -6" />
      <path d="M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464" />
      <path d="M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463" />
    </svg>
  );
}
