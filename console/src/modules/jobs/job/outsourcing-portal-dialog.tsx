import { useState } from 'react';
import { ActionIcon, Alert, Button, Fieldset, Group, Modal, Paper, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { t } from '../../../shared/i18n';
import { formatDate, formatDateTime } from '../../../shared/formatting/format';
import type { Job } from '../../../shared/api/job-query';
import type { Outsourcing } from './outsourcing-figures';
import { MODAL_PROPS } from './outsourcing-dialogs';
import { CONFIRM_ACCEPTED, CONFIRM_PENDING, CONFIRM_REFUSED, PortalBadge, SupplierWords } from './outsourcing-portal';
import { useUpdateOutsourcingPortal, type OutsourcingPortalChanges } from './outsourcing-queries';
import { PortalActions } from './outsourcing-portal-actions';

/** The API's bounds on the settings (docs/jobs.md#portal). */
const MAX_ITEMS = 50;
const MAX_ITEM_NAME = 200;
const MAX_INSTRUCTIONS = 100_000;

/** An item of the checklist being edited: `id` for one the outsourcing has, a key of its own for the list. */
interface Item {
  key: string;
  id?: string;
  name: string;
  done: boolean;
}

/** Stored instructions (sanitised rich text) as the textarea's plain text: a line a paragraph or line break. */
export function instructionsText(html: string | null): string {
  if (!html) return '';
  const body = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h\d|blockquote)>/gi, '$&\n'), 'text/html').body;
  return (body.textContent ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n')
    .trim();
}

/**
 * An outsourcing's "Portal" dialog (docs/console.md#the-job-page): puts it on the supplier portal or
 * takes it off, asks the supplier for an answer, writes the instructions and the checklist, and says
 * where the deliverables go; saved with PUT …/portal, only what changed. What the supplier sets —
 * their answer, the items they ticked, their comments — is shown, never edited.
 */
export function OutsourcingPortalDialog({
  job,
  item,
  onClose,
  onSaved,
  onActed,
}: {
  job: Job;
  item: Outsourcing | null;
  onClose: () => void;
  onSaved: (supplier: string) => void;
  /** An action of the portal done (sent, withdrawn, answered): the dialog closes with its message. */
  onActed: (message: string) => void;
}) {
  return (
    <Modal
      {...MODAL_PROPS}
      size="lg"
      opened={item !== null}
      onClose={onClose}
      title={item ? t('outsourcing.portal.title', { supplier: item.supplier.name }) : ''}
    >
      {item && <PortalForm key={item.id} job={job} item={item} onClose={onClose} onSaved={onSaved} onActed={onActed} />}
    </Modal>
  );
}

function PortalForm({
  job,
  item,
  onClose,
  onSaved,
  onActed,
}: {
  job: Job;
  item: Outsourcing;
  onClose: () => void;
  onSaved: (supplier: string) => void;
  onActed: (message: string) => void;
}) {
  const portal = item.portal;
  const update = useUpdateOutsourcingPortal(job);
  const initialText = instructionsText(portal.instructions);
  const [enabled, setEnabled] = useState(portal.enabled);
  const [confirm, setConfirm] = useState(portal.confirm.enabled);
  const [onGroup, setOnGroup] = useState(portal.uploadFileOnGroup);
  const [instructions, setInstructions] = useState(initialText);
  const [items, setItems] = useState<Item[]>(() => portal.checklist.map((entry) => ({ key: entry.id, ...entry })));
  const [nextKey, setNextKey] = useState(0);
  const [problem, setProblem] = useState<string>();
  const [showErrors, setShowErrors] = useState(false);

  const itemError = (entry: Item) =>
    entry.name.trim() === ''
      ? t('outsourcing.portal.error.itemEmpty')
      : [...entry.name.trim()].length > MAX_ITEM_NAME
        ? t('outsourcing.portal.error.itemTooLong')
        : undefined;
  const instructionsError = [...instructions].length > MAX_INSTRUCTIONS ? t('outsourcing.portal.error.instructionsTooLong') : undefined;
  const checklistChanged =
    items.length !== portal.checklist.length ||
    items.some((entry, index) => entry.id !== portal.checklist[index]?.id || entry.name.trim() !== portal.checklist[index]?.name);

  /** What the form changed: only that is sent. */
  const changesOf = (): OutsourcingPortalChanges => {
    const changes: OutsourcingPortalChanges = {};
    if (enabled !== portal.enabled) changes.enabled = enabled;
    if (confirm !== portal.confirm.enabled) changes.confirm = confirm;
    if (onGroup !== portal.uploadFileOnGroup) changes.uploadFileOnGroup = onGroup;
    // Untouched, the stored instructions keep their formatting; changed, the server makes paragraphs of the lines.
    if (instructions.trim() !== initialText) changes.instructions = instructions.trim() === '' ? null : instructions;
    // The items kept go without their tick, which is the supplier's: the server keeps the one it has
    // now, not the one this form read when it opened (the supplier may have ticked since).
    if (checklistChanged) changes.checklist = items.map((entry) => ({ ...(entry.id ? { id: entry.id } : {}), name: entry.name.trim() }));
    return changes;
  };
  const dirty = Object.keys(changesOf()).length > 0;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    if (items.some(itemError) || instructionsError) return setShowErrors(true);
    const changes = changesOf();
    if (Object.keys(changes).length === 0) return onClose();
    try {
      await update.mutateAsync({ id: item.id, changes });
      onSaved(item.supplier.name);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <SupplierAnswer item={item} />
        <PortalActions job={job} item={item} blocked={dirty} onDone={onActed} />
        <Switch
          label={t('outsourcing.portal.field.enabled')}
          description={t('outsourcing.portal.field.enabledHint')}
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
          data-autofocus
        />
        <Switch
          label={t('outsourcing.portal.field.confirm')}
          description={t('outsourcing.portal.field.confirmHint')}
          checked={confirm}
          onChange={(event) => setConfirm(event.currentTarget.checked)}
        />
        <Textarea
          label={t('outsourcing.portal.field.instructions')}
          description={t('outsourcing.portal.field.instructionsHint')}
          autosize
          minRows={3}
          maxRows={12}
          value={instructions}
          error={showErrors && instructionsError}
          onChange={(event) => setInstructions(event.currentTarget.value)}
        />
        <Fieldset
          legend={t('outsourcing.portal.field.checklist')}
          variant="unstyled"
          styles={{ legend: { fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)' } }}
        >
          <Stack gap="xs">
            {items.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('outsourcing.portal.checklist.empty')}
              </Text>
            )}
            {items.map((entry, index) => (
              <TextInput
                key={entry.key}
                label={t('outsourcing.portal.checklist.item', { number: index + 1 })}
                value={entry.name}
                // A new item takes the focus: "Add an item", then type its name.
                autoFocus={entry.key === `new-${nextKey - 1}`}
                error={showErrors && itemError(entry)}
                description={entry.done ? t('outsourcing.portal.checklist.done') : undefined}
                onChange={(event) => {
                  const name = event.currentTarget.value;
                  setItems((list) => list.map((other) => (other.key === entry.key ? { ...other, name } : other)));
                }}
                rightSectionPointerEvents="all"
                rightSection={
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={t('outsourcing.portal.checklist.remove', { number: index + 1 })}
                    onClick={() => setItems((list) => list.filter((other) => other.key !== entry.key))}
                  >
                    ×
                  </ActionIcon>
                }
              />
            ))}
            <Group>
              <Button
                variant="light"
                size="compact-sm"
                disabled={items.length >= MAX_ITEMS}
                onClick={() => {
                  setItems((list) => [...list, { key: `new-${nextKey}`, name: '', done: false }]);
                  setNextKey((key) => key + 1);
                }}
              >
                {t('outsourcing.portal.checklist.add')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
        <Switch
          label={t('outsourcing.portal.field.onGroup')}
          description={job.group ? t('outsourcing.portal.field.onGroupHint') : t('outsourcing.portal.field.onGroupNoGroup')}
          checked={onGroup}
          onChange={(event) => setOnGroup(event.currentTarget.checked)}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('action.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the portal recorded: the state, when it was sent, the supplier's answer and comments. Read-only. */
function SupplierAnswer({ item }: { item: Outsourcing }) {
  const { confirm, sentDate, doneDate } = item.portal;
  const answer =
    confirm.status === CONFIRM_ACCEPTED
      ? t('outsourcing.portal.answer.accepted', { date: confirm.acceptedDate ? formatDateTime(confirm.acceptedDate) : '—' })
      : confirm.status === CONFIRM_REFUSED
        ? t('outsourcing.portal.answer.refused')
        : confirm.status === CONFIRM_PENDING
          ? t('outsourcing.portal.answer.pending')
          : undefined;
  return (
    <Paper withBorder p="sm" aria-label={t('outsourcing.portal.answer.label')} component="section">
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t('outsourcing.portal.answer.label')}
          </Text>
          <PortalBadge portal={item.portal} />
        </Group>
        {answer && <Text size="sm">{answer}</Text>}
        {sentDate && <Text size="sm">{t('outsourcing.portal.answer.sent', { date: formatDateTime(sentDate) })}</Text>}
        {doneDate && <Text size="sm">{t('outsourcing.portal.answer.done', { date: formatDate(doneDate) })}</Text>}
        <SupplierWords item={item} />
      </Stack>
    </Paper>
  );
}
