import { Stack, Text, Title } from '@mantine/core';
import { DetailsGrid } from './details-grid';
import { usePortalPerson } from './session';
import { usePortalText } from './use-portal-text';
import { WorkArea } from './work-area';
import { ClientOverview } from './client/client-overview';

/** `/portal`: the person, their party and the agency, and the place of their work (a client's person: what waits for them). */
export function PortalHomePage() {
  const person = usePortalPerson();
  const { t, formatDate } = usePortalText();
  const details = [
    { label: t(person.party.kind === 'client' ? 'home.party.client' : 'home.party.supplier'), value: person.party.name },
    { label: t('home.agency'), value: person.agency.name },
    ...(person.email ? [{ label: t('home.email'), value: person.email }] : []),
  ];

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{t('home.hello', { name: person.name })}</Title>
        <Text c="dimmed">{formatDate(new Date(), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}</Text>
        <Text>{t(person.party.kind === 'client' ? 'clientHome.intro' : 'home.intro', { agency: person.agency.name })}</Text>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="portal-details-title">
        <Title order={2} size="h3" id="portal-details-title">
          {t('home.details')}
        </Title>
        <DetailsGrid details={details} cols={{ base: 1, sm: details.length }} />
      </Stack>
      {person.party.kind === 'client' ? <ClientOverview /> : <WorkArea />}
    </Stack>
  );
}
