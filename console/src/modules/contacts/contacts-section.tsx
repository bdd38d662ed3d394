import '../notes/notes-content.css';
import { useMemo, useRef, useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { ConfirmRecordDelete } from '../../shared/ui/confirm-delete';
import { noteNodes } from '../notes';
import type { PartyRef } from '../../shared/api/party';
import { receivedDocuments, type Contact } from './contact-kinds';
import { notesText } from './contact-form-values';
import { ContactDialog } from './contact-dialog';
import { contactsQuery, useDeleteContact } from './contacts-queries';
import { PartySectionState } from '../../shared/ui/party-section-state';

/**
 * A client's or supplier's "Contacts" (docs/console.md#clients-and-suppliers): each with job title,
 * e-mail, phones, notes and the documents it receives; a role that may change project work adds,
 * edits (a dialog) and deletes them (after asking).
 */
export function ContactsSection({ party }: { party: PartyRef }) {
  const canWrite = useCan('projects');
  const query = useQuery(contactsQuery(party));
  const remove = useDeleteContact(party);
  const [dialog, setDialog] = useState<{ contact?: Contact } | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = `${party.kind}-contacts-${party.id}`;

  if (!query.data) return <PartySectionState headingId={headingId} title={t('contacts.title')} query={query} />;
  const contacts = query.data;

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} id={headingId} ref={heading} tabIndex={-1}>
            {t('contacts.title')}
          </Title>
          {canWrite && (
            <Button variant="light" onClick={() => setDialog({})}>
              {t('contacts.add')}
            </Button>
          )}
        </Group>
        {contacts.length === 0 ? (
          <Text c="dimmed">{t('contacts.none')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {contacts.map((contact) => (
              <ContactCard
                key={contact.id}
                party={party}
                contact={contact}
                canWrite={canWrite}
                onEdit={() => setDialog({ contact })}
                onDelete={() => setDeleting(contact)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <ContactDialog party={party} contact={dialog?.contact} opened={dialog !== null} onClose={() => setDialog(null)} />
      <ConfirmRecordDelete
        record={deleting}
        title={t('contacts.deleteTitle')}
        text={t('contacts.deleteTextShort', { name: deleting?.fullName ?? '' })}
        remove={remove}
        onClose={() => setDeleting(null)}
        // The contact's card is gone: the keyboard's focus goes to the section's heading.
        onDeleted={() => requestAnimationFrame(() => heading.current?.focus())}
      />
    </section>
  );
}

function ContactCard({
  party,
  contact,
  canWrite,
  onEdit,
  onDelete,
}: {
  party: PartyRef;
  contact: Contact;
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const notes = useMemo(() => (notesText(contact.notes) === '' ? [] : noteNodes(contact.notes)), [contact.notes]);
  const documents = receivedDocuments(party.kind, contact.emails);
  return (
    <Paper component="article" withBorder p="sm" aria-label={contact.fullName}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={600}>{contact.fullName}</Text>
            {contact.title && (
              <Text size="sm" c="dimmed">
                {contact.title}
              </Text>
            )}
          </div>
          {canWrite && (
            <Group gap={4} wrap="nowrap">
              <Button size="compact-sm" variant="subtle" onClick={onEdit} aria-label={t('contacts.edit', { name: contact.fullName })}>
                {t('action.edit')}
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete} aria-label={t('contacts.delete', { name: contact.fullName })}>
                {t('action.delete')}
              </Button>
            </Group>
          )}
        </Group>
        {contact.email && (
          <Anchor href={`mailto:${contact.email}`} size="sm">
            {contact.email}
          </Anchor>
        )}
        {(contact.phone || contact.mobile) && (
          <Text size="sm">
            {contact.phone && `${t('contacts.phoneLabel')} ${contact.phone}`}
            {contact.phone && contact.mobile && ' · '}
            {contact.mobile && `${t('contacts.mobileLabel')} ${contact.mobile}`}
          </Text>
        )}
        {documents.length > 0 ? (
          <Group gap={4} aria-label={t('contacts.receives')} role="list">
            <Text size="sm" c="dimmed" mr={4}>
              {t('contacts.receives')}:
            </Text>
            {documents.map((label) => (
              <Badge key={label} variant="light" role="listitem">
                {t(label)}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('contacts.receivesNothing')}
          </Text>
        )}
        {documents.length > 0 && !contact.email && (
          <Text size="sm" c="red.9">
            {t('contacts.noEmail')}
          </Text>
        )}
        {notes.length > 0 && (
          <Typography className="note-content">
            <div>{notes}</div>
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
