import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { formatDateTime } from '../../shared/formatting/format';
import { ConfirmAction } from '../../shared/ui/confirm-action';
import { documentLanguageName } from '../../shared/ui/document-languages';
import { ScrollTable } from '../../shared/ui/scroll-table';
import { PartySectionState } from '../../shared/ui/party-section-state';
import { accountQuery } from '../../shared/api/account';
import { partyQuery, type PartyRef } from '../../shared/api/party';
import type { Contact } from './contact-kinds';
import { contactsQuery } from './contacts-queries';
import {
  CLIENT_PERMISSIONS,
  portalAccessQuery,
  useRevokePortalAccess,
  useSetPortalPermissions,
  type ClientPermission,
  type PortalPerson,
} from './portal-access-queries';
import { PortalLinkDialog } from './portal-link-dialog';

/** Statuses, dates and their headings stay on one line; names and addresses may wrap. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** A contact and their portal person, if they ever had access. */
interface Row {
  contact: Contact;
  person: PortalPerson | undefined;
}

/**
 * A party's "Portal access" (docs/console.md#contacts-files-notes-and-unavailability): for each
 * contact, whether they may sign in to the portal (docs/supplier-portal.md#people), in which
 * language, and when they last did; a client's people also have permissions
 * (docs/client-portal.md#people), ticked here. A role that may change project work gives access
 * (the link is shown once), sends a new link, changes permissions and withdraws access (after asking).
 */
export function PortalAccessSection({ party }: { party: PartyRef }) {
  const canWrite = useCan('projects');
  const contacts = useQuery(contactsQuery(party));
  const people = useQuery(portalAccessQuery(party));
  const owner = useQuery(partyQuery(party));
  const account = useQuery(accountQuery);
  const revoke = useRevokePortalAccess(party);
  const [linking, setLinking] = useState<Row | null>(null);
  const [revoking, setRevoking] = useState<Row | null>(null);
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  const headingId = `${party.kind}-portal-access-${party.id}`;
  const isClient = party.kind === 'client';

  if (!contacts.data) return <PartySectionState headingId={headingId} title={t('portalAccess.title')} query={contacts} />;
  if (!people.data) return <PartySectionState headingId={headingId} title={t('portalAccess.title')} query={people} />;
  const byContact = new Map(people.data.map((person) => [person.contact.id, person]));
  const rows: Row[] = contacts.data.map((contact) => ({ contact, person: byContact.get(contact.id) }));
  // What "the supplier's document language" is today, named in the choice of a person's language.
  const code = owner.data?.documentLanguage ?? account.data?.documentLanguage;
  const defaultLanguage = t(isClient ? 'portalAccess.language.clientDefault' : 'portalAccess.language.default', {
    language: code ? documentLanguageName(code) : '…',
  });

  const withdraw = async () => {
    if (!revoking) return;
    setProblem(undefined);
    try {
      await revoke.mutateAsync(revoking.contact.id);
      setDone(t('portalAccess.withdrawn', { name: revoking.contact.fullName }));
      setRevoking(null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} id={headingId}>
          {t('portalAccess.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t(isClient ? 'portalAccess.clientIntro' : 'portalAccess.intro')}
        </Text>
        {done && (
          <Alert color="green" role="status">
            {done}
          </Alert>
        )}
        {rows.length === 0 ? (
          <Text c="dimmed">{t('portalAccess.noContacts')}</Text>
        ) : (
          <ScrollTable minWidth={0} label={t('portalAccess.title')}>
            <Table withTableBorder horizontalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('portalAccess.column.contact')}</Table.Th>
                  <Table.Th scope="col">{t('portalAccess.column.access')}</Table.Th>
                  {isClient && <Table.Th scope="col">{t('portalAccess.column.permissions')}</Table.Th>}
                  <Table.Th scope="col">{t('portalAccess.column.language')}</Table.Th>
                  <Table.Th scope="col" style={NOWRAP}>
                    {t('portalAccess.column.lastSignIn')}
                  </Table.Th>
                  {canWrite && <Table.Th scope="col">{t('portalAccess.column.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <AccessRow
                    key={row.contact.id}
                    row={row}
                    clientId={isClient ? party.id : undefined}
                    canWrite={canWrite}
                    defaultLanguage={defaultLanguage}
                    onLink={() => {
                      setDone(undefined);
                      setLinking(row);
                    }}
                    onRevoke={() => {
                      setDone(undefined);
                      setProblem(undefined);
                      setRevoking(row);
                    }}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
      {canWrite && (
        <>
          <PortalLinkDialog party={party} row={linking} defaultLanguage={defaultLanguage} onClose={() => setLinking(null)} />
          <ConfirmAction
            opened={revoking !== null}
            title={t('portalAccess.withdrawTitle')}
            text={t('portalAccess.withdrawText', { name: revoking?.contact.fullName ?? '' })}
            confirm={t('portalAccess.withdraw')}
            pending={revoke.isPending}
            error={problem}
            onConfirm={() => void withdraw()}
            onClose={() => setRevoking(null)}
          />
        </>
      )}
    </section>
  );
}

function AccessRow({
  row: { contact, person },
  clientId,
  canWrite,
  defaultLanguage,
  onLink,
  onRevoke,
}: {
  row: Row;
  /** A client's contact: their permissions are shown (and changed) in a column of their own. */
  clientId: string | undefined;
  canWrite: boolean;
  defaultLanguage: string;
  onLink: () => void;
  onRevoke: () => void;
}) {
  const reasonId = `portal-access-reason-${contact.id}`;
  const name = contact.fullName;
  const active = person?.status === 'active';
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {name}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {contact.email ?? t('portalAccess.noEmailShort')}
        </Text>
      </Table.Th>
      <Table.Td>
        {person === undefined ? (
          <Text size="sm" style={NOWRAP}>
            {t('portalAccess.status.none')}
          </Text>
        ) : (
          <Badge color={active ? 'teal' : 'gray.7'} variant={active ? 'light' : 'outline'} radius="sm" tt="none">
            {t(active ? 'portalAccess.status.active' : 'portalAccess.status.revoked')}
          </Badge>
        )}
      </Table.Td>
      {clientId !== undefined && (
        <Table.Td>
          {person ? <PermissionBoxes clientId={clientId} person={person} name={name} canWrite={canWrite && active} /> : <Text size="sm">—</Text>}
        </Table.Td>
      )}
      <Table.Td>
        <Text size="sm">{!person ? '—' : person.language ? documentLanguageName(person.language) : defaultLanguage}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={NOWRAP}>
          {person?.lastSignInAt ? formatDateTime(person.lastSignInAt) : person ? t('portalAccess.never') : '—'}
        </Text>
      </Table.Td>
      {canWrite && (
        <Table.Td>
          <Stack gap={4} align="flex-start">
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={onLink}
              disabled={!contact.email}
              aria-describedby={contact.email ? undefined : reasonId}
              aria-label={t(active ? 'portalAccess.newLinkFor' : person ? 'portalAccess.grantAgainFor' : 'portalAccess.grantFor', { name })}
            >
              {t(active ? 'portalAccess.newLink' : person ? 'portalAccess.grantAgain' : 'portalAccess.grant')}
            </Button>
            {!contact.email && (
              <Text id={reasonId} size="xs" c="dimmed">
                {t('portalAccess.needsEmail')}
              </Text>
            )}
            {active && (
              <Button size="compact-sm" variant="subtle" color="red" c="red.9" onClick={onRevoke} aria-label={t('portalAccess.withdrawFor', { name })}>
                {t('portalAccess.withdraw')}
              </Button>
            )}
          </Stack>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** A client's person's permissions, one box each; a tick changes them at once (PUT …/portal-access). */
function PermissionBoxes({ clientId, person, name, canWrite }: { clientId: string; person: PortalPerson; name: string; canWrite: boolean }) {
  const change = useSetPortalPermissions(clientId);
  const [problem, setProblem] = useState<string>();
  const toggle = (permission: ClientPermission, on: boolean) => {
    setProblem(undefined);
    const permissions = CLIENT_PERMISSIONS.filter((given) => (given === permission ? on : person.permissions.includes(given)));
    change.mutate({ contactId: person.contact.id, permissions }, { onError: (error) => setProblem(error.message) });
  };
  return (
    <Stack gap={6}>
      {CLIENT_PERMISSIONS.map((permission) => (
        <Checkbox
          key={permission}
          size="sm"
          label={t(`portalAccess.permission.${permission}`)}
          aria-label={t('portalAccess.permissionFor', { permission: t(`portalAccess.permission.${permission}`), name })}
          checked={person.permissions.includes(permission)}
          disabled={!canWrite || change.isPending}
          onChange={(event) => toggle(permission, event.currentTarget.checked)}
        />
      ))}
      {problem && (
        <Text size="xs" c="red.9" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
