import { Alert, Anchor, Badge, Grid, Group as Row, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { ApiProblem } from '../../shared/api/client';
import { useCan, useSession } from '../../shared/session/session';
import { t, tCount } from '../../shared/i18n';
import { formatNumber } from '../../shared/formatting/format';
import { PriceGrid, type PriceOwner } from '../prices';
import { ContactsSection, PortalAccessSection } from '../contacts';
import { PartyFilesSection } from '../files';
import { PartyNotesSection } from '../notes';
import { SupplierUnavailabilitySection } from '../unavailability';
import { LabelBadges } from './label-badges';
import { PartyActions } from './party-actions';
import { PartyAddressSection } from './party-address-section';
import { PartyDetailsSection } from './party-details-section';
import { partiesPath } from './party-kind';
import { partyQuery, type Party, type PartyRef } from '../../shared/api/party';
import { PARTY_TABS, tabsOf, type PartyTab } from './party-tabs';
import { Loading } from '../../shared/ui/loading';
import { LoadProblem } from '../../shared/ui/load-problem';

/**
 * The sections of the tabs other than the overview are chunks of their own, loaded when their
 * tab opens (the other modules' doors hand theirs out that way): a page opened on one tab loads that tab's code only (the price grid without the
 * files' drop zone, the notes, the contacts…).
 */
const PartyJobsSection = lazy(() => import('./party-jobs-section').then((module) => ({ default: module.PartyJobsSection })));
const SupplierProfileSection = lazy(() => import('./supplier-profile-section').then((module) => ({ default: module.SupplierProfileSection })));

/**
 * A client's or a supplier's page (docs/console.md#clients-and-suppliers): its name, labels and
 * actions above tabs. Only the open tab's sections are mounted, so the first view asks for the
 * party (shared by every section: `partyQuery`) and nothing else.
 */
export function PartyPage({ party: ref, tab, onTab }: { party: PartyRef; tab: PartyTab | undefined; onTab: (tab: PartyTab) => void }) {
  const { data: party, error, isPending, refetch } = useQuery(partyQuery(ref));
  const canEdit = useCan('projects');
  const { user } = useSession();

  if (isPending) return <Loading label={t('state.loading')} />;
  if (error instanceof ApiProblem && error.status === 404) return <PartyNotFound refKind={ref.kind} />;
  if (error) return <LoadProblem error={error} onRetry={refetch} />;

  const tabs = tabsOf(ref.kind);
  const current = tab && tabs.includes(tab) ? tab : 'overview';
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Anchor component={Link} to={partiesPath(ref.kind)} size="sm">
          {t(`parties.${ref.kind}.backToList`)}
        </Anchor>
        <Row justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={6}>
            <Title order={1}>{party.name}</Title>
            <PartyHeadline party={party} />
          </Stack>
          {canEdit && <PartyActions party={party} />}
        </Row>
      </Stack>
      {!canEdit && (
        <Alert color="gray" variant="light">
          {t('readOnly.notice', { role: t(`role.${user.role}`) })}
        </Alert>
      )}
      <Tabs value={current} onChange={(value) => value && onTab(value as PartyTab)} keepMounted={false}>
        <Tabs.List aria-label={t('parties.tabs.label')}>
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {tabTitle(name, party)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((name) => (
          <Tabs.Panel key={name} value={name} pt="md">
            <Suspense fallback={<Loading label={t('state.loading')} />}>
              <TabContent tab={name} party={party} refOf={ref} canEdit={canEdit} />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** The tab's title, with how many there are where the party already says so (contacts, files, notes). */
function tabTitle(tab: PartyTab, party: Party): string {
  const count = tab === 'contacts' ? party.contacts.length : tab === 'files' ? party.files.length : tab === 'notes' ? party.notes.length : undefined;
  const title = t(PARTY_TABS[tab][party.object]);
  return count ? `${title} (${formatNumber(count, 0)})` : title;
}

function TabContent({ tab, party, refOf, canEdit }: { tab: PartyTab; party: Party; refOf: PartyRef; canEdit: boolean }) {
  switch (tab) {
    case 'overview':
      return (
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <PartyDetailsSection party={party} canEdit={canEdit} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <PartyAddressSection party={party} canEdit={canEdit} />
          </Grid.Col>
        </Grid>
      );
    case 'profile':
      return party.object === 'supplier' ? <SupplierProfileSection supplier={party} canEdit={canEdit} /> : null;
    case 'contacts':
      // A party's contacts are who may sign in to its portal: their access follows them.
      return (
        <Stack gap="xl">
          <ContactsSection party={refOf} />
          <PortalAccessSection party={refOf} />
        </Stack>
      );
    case 'jobs':
      return <PartyJobsSection party={refOf} />;
    case 'prices': {
      const owner: PriceOwner = refOf.kind === 'client' ? { kind: 'client', clientId: refOf.id } : { kind: 'supplier', supplierId: refOf.id };
      return <PriceGrid owner={owner} />;
    }
    case 'unavailability':
      return <SupplierUnavailabilitySection supplierId={party.id} />;
    case 'files':
      return <PartyFilesSection party={refOf} />;
    case 'notes':
      return <PartyNotesSection party={refOf} />;
  }
}

/** Under the name: archived or not, the supplier's type and rating, the labels. */
function PartyHeadline({ party }: { party: Party }) {
  return (
    <Row gap="xs">
      {party.archived && (
        <Badge color="gray.7" variant="filled" tt="none" radius="sm">
          {t('parties.archived')}
        </Badge>
      )}
      {party.object === 'supplier' && (
        <Text size="sm" c="dimmed">
          {[
            t(`parties.supplierType.${party.supplierType}`),
            party.rating === null ? '' : t('parties.rating.value', { rating: formatNumber(party.rating, 1) }),
            party.languagePairs.length > 0 ? tCount('parties.languagePairs.count', party.languagePairs.length) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
      {party.object === 'client' && (
        <Text size="sm" c="dimmed">
          {[party.currency.code, party.address.city].filter(Boolean).join(' · ')}
        </Text>
      )}
      <LabelBadges labels={party.labels} />
    </Row>
  );
}

function PartyNotFound({ refKind }: { refKind: PartyRef['kind'] }) {
  return (
    <Stack gap="sm">
      <Title order={1}>{t(`parties.${refKind}.notFound.title`)}</Title>
      <Text>{t(`parties.${refKind}.notFound.text`)}</Text>
      <Anchor component={Link} to={partiesPath(refKind)}>
        {t(`parties.${refKind}.backToList`)}
      </Anchor>
    </Stack>
  );
}
