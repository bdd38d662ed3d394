import { Badge, Button, Group, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { t } from '../../i18n';
import { formatDateTime } from '../../ui/format';
import { ScrollTable } from '../../ui/scroll-table';
import { userActions, type Caller, type Offer, type User } from './user-rules';

/** What a row's menu asks the page to do. */
export type UserCommand = 'role' | 'resendInvitation' | 'resetLink' | 'disable' | 'enable';

const STATUS_COLOR = { active: 'teal.9', invited: 'blue.9', disabled: 'gray.8' } as const;

/** The account's users: name and e-mail, role, status, last sign-in, and a menu of what the caller may do to each. */
export function UsersTable({ users, caller, onCommand }: { users: User[]; caller: Caller; onCommand: (command: UserCommand, user: User) => void }) {
  return (
    <ScrollTable label={t('users.tableLabel')} minWidth={620}>
      <Table verticalSpacing="sm" highlightOnHover>
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
                    <Badge size="sm" variant="light" color="gray.8">
                      {t('users.you')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {user.email ?? t('users.noEmail')}
                </Text>
              </Table.Td>
              <Table.Td>{t(`role.${user.role}`)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLOR[user.status]}>
                  {t(`users.status.${user.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('users.never')}</Table.Td>
              {caller.canChangeUsers && (
                <Table.Td ta="right">
                  <UserMenu user={user} users={users} caller={caller} onCommand={onCommand} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** An item that is offered, or shown disabled with the reason the API would refuse it. */
function OfferItem({ offer, label, color, onClick }: { offer: Offer; label: string; color?: string; onClick: () => void }) {
  return (
    <Menu.Item disabled={!offer.allowed} color={offer.allowed ? color : undefined} onClick={onClick}>
      <Stack gap={0}>
        <span>{label}</span>
        {!offer.allowed && (
          <Text size="xs" c="dimmed" maw={260}>
            {t(`users.why.${offer.reason}`)}
          </Text>
        )}
      </Stack>
    </Menu.Item>
  );
}

function UserMenu({ user, users, caller, onCommand }: { user: User; users: User[]; caller: Caller; onCommand: (command: UserCommand, user: User) => void }) {
  const actions = userActions(caller, user, users);
  if (!actions) return null;
  const { toggle } = actions;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" aria-label={t('users.actionsFor', { name: user.name })}>
          {t('users.column.actions')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <OfferItem offer={actions.changeRole} label={t('users.action.changeRole')} onClick={() => onCommand('role', user)} />
        {actions.resendInvitation && <Menu.Item onClick={() => onCommand('resendInvitation', user)}>{t('users.action.resendInvitation')}</Menu.Item>}
        {actions.resetLink && <Menu.Item onClick={() => onCommand('resetLink', user)}>{t('users.action.resetLink')}</Menu.Item>}
        <OfferItem
          offer={toggle.offer}
          label={t(toggle.kind === 'disable' ? 'users.action.disable' : 'users.action.enable')}
          color={toggle.kind === 'disable' ? 'red.9' : undefined}
          onClick={() => onCommand(toggle.kind, user)}
        />
      </Menu.Dropdown>
    </Menu>
  );
}
