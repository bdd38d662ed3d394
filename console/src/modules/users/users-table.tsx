import { Badge, Button, Group, Popover, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { t } from '../../shared/i18n';
import { formatDateTime } from '../../shared/formatting/format';
import { ScrollTable } from '../../shared/ui/scroll-table';
import { userActions, type Caller, type Offer, type User } from './user-rules';

/** What a row's menu asks the page to do. */
export type UserCommand = 'role' | 'resendInvitation' | 'resetLink' | 'disable' | 'enable';

const STATUS_COLOR = { active: 'teal.9', invited: 'blue.9', disabled: 'gray.8' } as const;

/** The account's users: name and e-mail, role, status, last sign-in, and a menu of what the caller may do to each. */
export function UsersTable({ users, caller, onCommand }: { users: User[]; caller: Caller; onCommand: (command: UserCommand, user: User) => void }) {
  return (
    // Narrow enough for the settings column at 1 024 px (576 px): the e-mail and the date wrap rather than push the actions out of sight.
    <ScrollTable label={t('users.tableLabel')} minWidth={480}>
      <Table verticalSpacing="sm" aria-label={t('users.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('users.column.name')}</Table.Th>
            <Table.Th scope="col">{t('users.column.role')}</Table.Th>
            <Table.Th scope="col">{t('users.column.status')}</Table.Th>
            <Table.Th scope="col">{t('users.column.lastSignIn')}</Table.Th>
            {caller.canChangeUsers && (
              <Table.Th scope="col">
                <VisuallyHidden>{t('users.column.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text fw={500} size="sm">
                    {user.name}
                  </Text>
                  {user.id === caller.id && (
                    <Badge size="sm" variant="outline" color="gray.8">
                      {t('users.you')}
                    </Badge>
                  )}
                </Group>
                {/* An invited user without a name has their e-mail as name: not written twice. */}
                {user.email !== user.name && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {user.email ?? t('users.noEmail')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{t(`role.${user.role}`)}</Table.Td>
              <Table.Td>
                <Badge variant="outline" color={STATUS_COLOR[user.status]}>
                  {t(`users.status.${user.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('users.never')}</Table.Td>
              {caller.canChangeUsers && (
                <Table.Td ta="right">
                  <UserActionsPopover user={user} users={users} caller={caller} onCommand={onCommand} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** An action that is offered, or shown disabled with the reason the API would refuse it. */
function OfferButton({ offer, label, onClick }: { offer: Offer; label: string; onClick: () => void }) {
  const reasonId = useId();
  return (
    <div>
      <Button
        variant="subtle"
        justify="flex-start"
        fullWidth
        disabled={!offer.allowed}
        aria-describedby={offer.allowed ? undefined : reasonId}
        onClick={onClick}
      >
        {label}
      </Button>
      {!offer.allowed && (
        <Text id={reasonId} size="xs" c="dimmed" px="md" maw={280}>
          {t(`users.why.${offer.reason}`)}
        </Text>
      )}
    </div>
  );
}

/**
 * The row's actions, in a popover (a dialog) rather than a Mantine menu: the menu's hidden focus
 * sentinel is a child a `role="menu"` may not have (axe: aria-required-children).
 */
function UserActionsPopover({
  user,
  users,
  caller,
  onCommand,
}: {
  user: User;
  users: User[];
  caller: Caller;
  onCommand: (command: UserCommand, user: User) => void;
}) {
  const [opened, setOpened] = useState(false);
  const actions = userActions(caller, user, users);
  if (!actions) return null;
  const { toggle } = actions;
  const run = (command: UserCommand) => {
    setOpened(false);
    onCommand(command, user);
  };
  const label = t('users.actionsFor', { name: user.name });
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal trapFocus returnFocus shadow="md">
      <Popover.Target>
        <Button variant="default" size="xs" aria-label={label} aria-haspopup="dialog" aria-expanded={opened} onClick={() => setOpened((open) => !open)}>
          {t('users.column.actions')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={label} p={4}>
        <Stack gap={2}>
          <OfferButton offer={actions.changeRole} label={t('users.action.changeRole')} onClick={() => run('role')} />
          {actions.resendInvitation && (
            <OfferButton offer={{ allowed: true }} label={t('users.action.resendInvitation')} onClick={() => run('resendInvitation')} />
          )}
          {actions.resetLink && <OfferButton offer={{ allowed: true }} label={t('users.action.resetLink')} onClick={() => run('resetLink')} />}
          <OfferButton
            offer={toggle.offer}
            label={t(toggle.kind === 'disable' ? 'users.action.disable' : 'users.action.enable')}
            onClick={() => run(toggle.kind)}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
