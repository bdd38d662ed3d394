import { useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Popover, Text, TextInput, Tooltip } from '@mantine/core';
import { useEditorState, type Editor } from '@tiptap/react';
import { t } from '../../shared/i18n';
import { linkAddress } from './notes-text';

/**
 * The notes editor's toolbar: bold, italic, the two lists, link and unlink. Each is a button with a
 * name and, for the toggles, `aria-pressed` (on or off where the cursor is). Written here rather
 * than taken from @mantine/tiptap, whose editor object carries every control it has (colour
 * picker, tables, …: some 15 KB of gzip script more) and whose link form has an unnamed button.
 */
export function NoteToolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });
  return (
    <Group gap={4} p={6} role="group" aria-label={t('notes.toolbar')} className="note-editor-toolbar">
      <Toggle label={t('notes.bold')} pressed={state.bold} onClick={() => editor.chain().focus().toggleBold().run()}>
        <path d="M7 5h6a3.5 3.5 0 0 1 0 7h-6z" />
        <path d="M13 12h1a3.5 3.5 0 0 1 0 7h-7v-7" />
      </Toggle>
      <Toggle label={t('notes.italic')} pressed={state.italic} onClick={() => editor.chain().focus().toggleItalic().run()}>
        <path d="M11 5l6 0" />
        <path d="M7 19l6 0" />
        <path d="M14 5l-4 14" />
      </Toggle>
      <Toggle label={t('notes.bulletList')} pressed={state.bulletList} onClick={() => editor.chain().focus().toggleBulletList().run()}>
        <path d="M9 6l11 0" />
        <path d="M9 12l11 0" />
        <path d="M9 18l11 0" />
        <path d="M5 6l0 .01" />
        <path d="M5 12l0 .01" />
        <path d="M5 18l0 .01" />
      </Toggle>
      <Toggle label={t('notes.orderedList')} pressed={state.orderedList} onClick={() => editor.chain().focus().toggleOrderedList().run()}>
        <path d="M11 6h9" />
        <path d="M11 12h9" />
        <path d="M12 18h8" />
        <path d="M4 16a2 2 0 1 1 4 0c0 .591 -.5 1 -1 1.5l-3 2.5h4" />
        <path d="M6 10v-6l-2 2" />
      </Toggle>
      <LinkButton editor={editor} active={state.link} />
      <Tooltip label={t('notes.unlink')} openDelay={400}>
        <ActionIcon
          variant="default"
          size="md"
          aria-label={t('notes.unlink')}
          disabled={!state.link}
          onClick={() => editor.chain().focus().extendMarkRange('link').unsetLink().run()}
        >
          <Icon>
            <path d="M17 22v-2" />
            <path d="M9 15l6 -6" />
            <path d="M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464" />
            <path d="M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463" />
            <path d="M20 17h2" />
            <path d="M2 7h2" />
            <path d="M7 2v2" />
          </Icon>
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function Toggle({ label, pressed, onClick, children }: { label: string; pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon variant={pressed ? 'light' : 'default'} size="md" aria-label={label} aria-pressed={pressed} onClick={onClick}>
        <Icon>{children}</Icon>
      </ActionIcon>
    </Tooltip>
  );
}

/** Tabler's icons (MIT), as @mantine/tiptap draws them. */
function Icon({ children }: { children: ReactNode }) {
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
      {children}
    </svg>
  );
}

/**
 * The link button: a small form for the address. Enter saves, Escape closes; only http(s) and
 * mailto addresses, which the server keeps (docs/notes.md#content); an empty address removes the link.
 */
function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const [opened, setOpened] = useState(false);
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string>();

  const open = () => {
    setAddress((editor.getAttributes('link').href as string | undefined) ?? '');
    setProblem(undefined);
    setOpened(true);
  };
  const save = () => {
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
        <ActionIcon
          variant={active ? 'light' : 'default'}
          size="md"
          aria-label={t('notes.link')}
          aria-pressed={active}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <Icon>
            <path d="M9 15l6 -6" />
            <path d="M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464" />
            <path d="M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463" />
          </Icon>
        </ActionIcon>
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
