import { useState } from 'react';
import { Alert, Button, Checkbox, Fieldset, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { t } from '../../shared/i18n';
import { showProblem } from '../../shared/ui/form-errors';
import type { PartyRef } from '../../shared/api/party';
import { CONTACT_DOCUMENTS, type Contact } from './contact-kinds';
import { contactBody, contactValues, validateContact, type ContactValues } from './contact-form-values';
import { useCreateContact, useUpdateContact } from './contacts-queries';

/**
 * Adds a contact to the party, or changes one: name, job title, e-mail, phones, notes and the
 * documents the contact receives. Checks what the API checks before sending; the API's own errors
 * go next to their fields.
 */
export function ContactDialog({ party, contact, opened, onClose }: { party: PartyRef; contact?: Contact; opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(contact ? 'contacts.editTitle' : 'contacts.addTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('action.close') }}
      // Locking the page's scroll adds a <style> element without the page's nonce (ui/confirm-delete.tsx).
      lockScroll={false}
    >
      {opened && <ContactForm party={party} contact={contact} onDone={onClose} />}
    </Modal>
  );
}

function ContactForm({ party, contact, onDone }: { party: PartyRef; contact?: Contact; onDone: () => void }) {
  const [initial] = useState(() => contactValues(party.kind, contact));
  const form = useForm<ContactValues>({
    initialValues: initial,
    validate: (values) => Object.fromEntries(Object.entries(validateContact(values)).map(([field, key]) => [field, t(key)])),
  });
  const create = useCreateContact(party);
  const update = useUpdateContact(party);
  const [problem, setProblem] = useState<string>();
  const pending = create.isPending || update.isPending;

  const submit = form.onSubmit((values) => {
    setProblem(undefined);
    const onError = (error: unknown) => setProblem(showProblem(form, error));
    if (contact) update.mutate({ contactId: contact.id, body: contactBody(party.kind, values, initial) }, { onSuccess: onDone, onError });
    else create.mutate(contactBody(party.kind, values), { onSuccess: onDone, onError });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('contacts.field.fullName')} withAsterisk data-autofocus {...form.getInputProps('fullName')} />
          <TextInput label={t('contacts.field.title')} {...form.getInputProps('title')} />
          <TextInput label={t('contacts.field.email')} type="email" {...form.getInputProps('email')} />
          <TextInput label={t('contacts.field.phone')} type="tel" {...form.getInputProps('phone')} />
          <TextInput label={t('contacts.field.mobile')} type="tel" {...form.getInputProps('mobile')} />
        </SimpleGrid>
        <Fieldset legend={t('contacts.field.documents')} variant="unstyled">
          <Text size="sm" c="dimmed" mb="xs">
            {t('contacts.field.documentsHint')}
          </Text>
          <Group gap="md">
            {CONTACT_DOCUMENTS[party.kind].map(({ flag, label }) => (
              <Checkbox key={flag} label={t(label)} {...form.getInputProps(`emails.${flag}`, { type: 'checkbox' })} />
            ))}
          </Group>
          {form.errors.emails && (
            <Text size="sm" c="red.9" mt="xs">
              {form.errors.emails}
            </Text>
          )}
        </Fieldset>
        <Textarea
          label={t('contacts.field.notes')}
          description={t('contacts.field.notesHint')}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('notes')}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t(contact ? 'action.save' : 'action.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
