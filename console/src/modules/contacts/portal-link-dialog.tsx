import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { t } from '../../shared/i18n';
import { documentLanguageOptions } from '../../shared/ui/document-languages';
import { SingleUseLinkResult } from '../../shared/ui/single-use-link';
import type { Contact } from './contact-kinds';
import type { PartyRef } from '../../shared/api/party';
import {
  CLIENT_PERMISSIONS,
  useGrantPortalAccess,
  type ClientPermission,
  type PortalGrant,
  type PortalLanguage,
  type PortalPerson,
} from './portal-access-queries';

/**
 * Gives a contact portal access, or sends them a new link (POST …/contacts/:contactId/portal-access):
 * first the language the portal and its e-mails speak to them (and a client's person's
 * permissions), then the link, shown once, with whether it was e-mailed and until when it works.
 */
export function PortalLinkDialog({
  party,
  row,
  defaultLanguage,
  onClose,
}: {
  party: PartyRef;
  row: { contact: Contact; person: PortalPerson | undefined } | null;
  defaultLanguage: string;
  onClose: () => void;
}) {
  const active = row?.person?.status === 'active';
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      lockScroll={false}
      closeButtonProps={{ 'aria-label': t('action.close') }}
      title={row ? t(active ? 'portalAccess.newLinkTitle' : 'portalAccess.grantTitle', { name: row.contact.fullName }) : ''}
    >
      {row && <LinkForm key={row.contact.id} party={party} contact={row.contact} person={row.person} defaultLanguage={defaultLanguage} onClose={onClose} />}
    </Modal>
  );
}

function LinkForm({
  party,
  contact,
  person,
  defaultLanguage,
  onClose,
}: {
  party: PartyRef;
  contact: Contact;
  person: PortalPerson | undefined;
  defaultLanguage: string;
  onClose: () => void;
}) {
  const grant = useGrantPortalAccess(party);
  const [language, setLanguage] = useState<string>(person?.language ?? '');
  // A new client's person may do everything unless unticked; one given access before keeps theirs.
  const [permissions, setPermissions] = useState<ClientPermission[]>(person ? person.permissions : [...CLIENT_PERMISSIONS]);
  const isClient = party.kind === 'client';
  const [made, setMade] = useState<PortalGrant['link']>();
  const [problem, setProblem] = useState<string>();
  const active = person?.status === 'active';

  if (made) return <LinkResult link={made} email={contact.email ?? ''} onClose={onClose} />;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    try {
      const answer = await grant.mutateAsync({
        contactId: contact.id,
        language: language === '' ? null : (language as PortalLanguage),
        ...(isClient ? { permissions } : {}),
      });
      setMade(answer.link);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t(isClient ? 'portalAccess.clientLinkIntro' : 'portalAccess.linkIntro', { name: contact.fullName, email: contact.email ?? '' })}</Text>
        <NativeSelect
          label={t('portalAccess.field.language')}
          description={t('portalAccess.field.languageHint')}
          data={[{ value: '', label: defaultLanguage }, ...documentLanguageOptions()]}
          value={language}
          onChange={(event) => setLanguage(event.currentTarget.value)}
          data-autofocus
        />
        {isClient && (
          <Checkbox.Group
            label={t('portalAccess.field.permissions')}
            value={permissions}
            onChange={(value) => setPermissions(CLIENT_PERMISSIONS.filter((permission) => value.includes(permission)))}
          >
            <Stack gap={6} mt={6}>
              {CLIENT_PERMISSIONS.map((permission) => (
                <Checkbox key={permission} value={permission} label={t(`portalAccess.permission.${permission}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {active && (
          <Text size="sm" c="dimmed">
            {t('portalAccess.replacesLinks')}
          </Text>
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" loading={grant.isPending}>
            {t(active ? 'portalAccess.newLink' : person ? 'portalAccess.grantAgain' : 'portalAccess.grant')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The link, shown once: copyable, whether it was e-mailed, and until when it works. */
function LinkResult({ link, email, onClose }: { link: PortalGrant['link']; email: string; onClose: () => void }) {
  return (
    <Stack gap="sm">
      <SingleUseLinkResult link={link} label={t('portalAccess.link.label')} email={email} autoFocus />
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('action.close')}</Button>
      </Group>
    </Stack>
  );
}
