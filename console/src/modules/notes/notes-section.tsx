import './notes-content.css';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { useCan, useSession } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { formatDateTime } from '../../shared/formatting/format';
import { ConfirmRecordDelete } from '../../shared/ui/confirm-delete';
import { noteNodes } from './notes-html';
import { newestFirst, useNoteWrites, type Note, type NoteWriter } from './notes-queries';

// Tiptap and its toolbar load only when someone writes (docs/console.md#performance).
const loadEditor = () => import('./notes-editor');
const NoteEditor = lazy(() => loadEditor().then((module) => ({ default: module.NoteEditor })));

/**
 * A record's "Notes" section (the job page, a client's or a supplier's page: docs/console.md): its
 * notes newest first, with their author and date; a role that may change project work writes notes
 * in a rich-text editor and edits or deletes the notes it wrote. One implementation: the owner gives
 * its notes and its writer (paths, where the answer goes).
 */
export function NotesSection<Parent>({
  headingId,
  title,
  notes: stored,
  writer,
}: {
  headingId: string;
  title: string;
  notes: readonly Note[];
  writer: NoteWriter<Parent>;
}) {
  const canWrite = useCan('projects');
  const me = useSession().user.id;
  const { create, update, remove } = useNoteWrites(writer);
  const [writing, setWriting] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const writeButton = useRef<HTMLButtonElement>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const notes = useMemo(() => newestFirst(stored), [stored]);
  const heading = useRef<HTMLHeadingElement>(null);

  // Where the keyboard's focus goes when an editor closes: back to what opened it.
  // Set before a change that re-renders; the effect below focuses it once it is in the page (the
  // button that opened an editor comes back only with the render that closes it).
  const focusNext = useRef<(() => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    const target = focusNext.current?.();
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });
  const refocus = (target: () => HTMLElement | null | undefined) => {
    focusNext.current = target;
  };
  const closeWriting = () => {
    setWriting(false);
    create.reset();
    refocus(() => writeButton.current);
  };
  const closeEditing = (noteId: string) => {
    setEditing(null);
    update.reset();
    refocus(() => editButtons.current.get(noteId));
  };

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} id={headingId} ref={heading} tabIndex={-1}>
            {title}
          </Title>
          {canWrite && !writing && (
            <Button
              ref={writeButton}
              variant="light"
              onClick={() => setWriting(true)}
              onPointerEnter={() => void loadEditor()}
              onFocus={() => void loadEditor()}
            >
              {t('notes.write')}
            </Button>
          )}
        </Group>
        {writing && (
          <Suspense fallback={<Text c="dimmed">{t('notes.loadingEditor')}</Text>}>
            <NoteEditor
              label={t('notes.newLabel')}
              submitLabel={t('notes.save')}
              pending={create.isPending}
              error={create.error?.message}
              onSubmit={(content) => create.mutate(content, { onSuccess: closeWriting })}
              onCancel={closeWriting}
            />
          </Suspense>
        )}
        {notes.length === 0 && !writing && <Text c="dimmed">{t('notes.none')}</Text>}
        {notes.map((note) =>
          editing === note.id ? (
            <Suspense key={note.id} fallback={<Text c="dimmed">{t('notes.loadingEditor')}</Text>}>
              <NoteEditor
                label={t('notes.editLabel', { date: formatDateTime(note.createdAt) })}
                initialContent={note.content}
                submitLabel={t('notes.save')}
                pending={update.isPending}
                error={update.error?.message}
                onSubmit={(content) => update.mutate({ noteId: note.id, content }, { onSuccess: () => closeEditing(note.id) })}
                onCancel={() => closeEditing(note.id)}
              />
            </Suspense>
          ) : (
            <NoteView
              key={note.id}
              note={note}
              mine={canWrite && note.user.id === me}
              editRef={(button) => {
                if (button) editButtons.current.set(note.id, button);
                else editButtons.current.delete(note.id);
              }}
              onEdit={() => {
                void loadEditor();
                setEditing(note.id);
              }}
              onDelete={() => setDeleting(note)}
            />
          ),
        )}
      </Stack>
      <ConfirmRecordDelete
        record={deleting}
        title={t('notes.deleteTitle')}
        text={t('notes.deleteText', { date: deleting ? formatDateTime(deleting.createdAt) : '' })}
        remove={remove}
        onClose={() => setDeleting(null)}
        // The note is gone: the keyboard's focus goes to the section's heading.
        onDeleted={() => refocus(() => heading.current)}
      />
    </section>
  );
}

function NoteView({
  note,
  mine,
  editRef,
  onEdit,
  onDelete,
}: {
  note: Note;
  mine: boolean;
  editRef: (button: HTMLButtonElement | null) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const content = useMemo(() => noteNodes(note.content), [note.content]);
  const date = formatDateTime(note.createdAt);
  return (
    <Paper component="article" withBorder p="sm" aria-label={t('notes.label', { name: note.user.name, date })}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm">
          <Text span fw={600} size="sm">
            {note.user.name}
          </Text>{' '}
          <Text span c="dimmed" size="sm">
            {date}
            {note.editedByUser && note.updatedAt && t('notes.edited', { name: note.editedByUser.name, date: formatDateTime(note.updatedAt) })}
          </Text>
        </Text>
        {mine && (
          <Group gap={4} wrap="nowrap">
            <Button ref={editRef} size="compact-sm" variant="subtle" onClick={onEdit} aria-label={t('notes.edit', { date })}>
              {t('action.edit')}
            </Button>
            <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete} aria-label={t('notes.delete', { date })}>
              {t('action.delete')}
            </Button>
          </Group>
        )}
      </Group>
      <Typography className="note-content" mt={4}>
        {content}
      </Typography>
    </Paper>
  );
}
