import { describe, expect, it } from 'vitest';
import { assignableRoles, userActions, type Caller, type Role, type User } from '../../../console/src/modules/users/user-rules';
import { parseApiKeysSearch } from '../../../console/src/modules/api-keys/routes';

let next = 0;
const user = (role: Role, status: User['status'] = 'active', email: string | null = `u${next}@agency.example`): User => ({
  id: `u${++next}`,
  name: `User ${next}`,
  email,
  role,
  status,
  isOwner: role === 'owner',
  hasPassword: status !== 'invited',
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const callerOf = (self: User, canChangeUsers = self.role === 'owner' || self.role === 'admin'): Caller => ({ id: self.id, role: self.role, canChangeUsers });

describe('which roles a caller may give', () => {
  it('an owner gives every role; an admin every role but owner; the others none', () => {
    expect(assignableRoles(callerOf(user('owner')))).toEqual(['owner', 'admin', 'manager', 'finance', 'viewer']);
    expect(assignableRoles(callerOf(user('admin')))).toEqual(['admin', 'manager', 'finance', 'viewer']);
    for (const role of ['manager', 'finance', 'viewer'] as const) expect(assignableRoles(callerOf(user(role)))).toEqual([]);
  });
});

describe('what a caller may do to a user (docs/access.md#owners)', () => {
  it('roles that may not change users get no actions at all: they read', () => {
    const manager = user('manager');
    expect(userActions(callerOf(manager), user('viewer'), [manager])).toBeNull();
  });

  it('an admin manages every other user, but touches no owner, not even to send an invitation or a reset link', () => {
    const owner = user('owner');
    const invitedOwner = user('owner', 'invited');
    const admin = user('admin');
    const finance = user('finance');
    const all = [owner, invitedOwner, admin, finance];
    const onFinance = userActions(callerOf(admin), finance, all)!;
    expect(onFinance.changeRole).toEqual({ allowed: true });
    expect(onFinance.roles).not.toContain('owner');
    expect(onFinance.toggle).toEqual({ kind: 'disable', offer: { allowed: true } });
    expect(onFinance.resetLink).toBe(true);
    expect(onFinance.resendInvitation).toBe(false);
    const onOwner = userActions(callerOf(admin), owner, all)!;
    expect(onOwner.changeRole).toEqual({ allowed: false, reason: 'onlyOwners' });
    expect(onOwner.roles).toEqual([]);
    expect(onOwner.toggle.offer).toEqual({ allowed: false, reason: 'onlyOwners' });
    expect(onOwner.resetLink).toBe(false);
    expect(userActions(callerOf(admin), invitedOwner, all)!.resendInvitation).toBe(false);
    expect(userActions(callerOf(owner), invitedOwner, all)!.resendInvitation).toBe(true);
  });

  it('the last active owner can be neither demoted nor disabled; with a second active owner both can', () => {
    const owner = user('owner');
    const invitedOwner = user('owner', 'invited');
    const disabledOwner = user('owner', 'disabled');
    const admin = user('admin');
    const alone = userActions(callerOf(owner), owner, [owner, invitedOwner, disabledOwner, admin])!;
    expect(alone.changeRole).toEqual({ allowed: false, reason: 'lastOwner' });
    // Disabling oneself is refused first, whoever one is.
    expect(alone.toggle.offer).toEqual({ allowed: false, reason: 'self' });
    const second = user('owner');
    const withTwo = userActions(callerOf(second), owner, [owner, second, admin])!;
    expect(withTwo.changeRole).toEqual({ allowed: true });
    expect(withTwo.roles).toContain('owner');
    expect(withTwo.toggle.offer).toEqual({ allowed: true });
  });

  it('nobody disables themselves, but may change their own role', () => {
    const admin = user('admin');
    const self = userActions(callerOf(admin), admin, [user('owner'), admin])!;
    expect(self.toggle.offer).toEqual({ allowed: false, reason: 'self' });
    expect(self.changeRole.allowed).toBe(true);
  });

  it('invited users get a new invitation, active users with an e-mail a reset link, disabled users "enable"', () => {
    const admin = user('admin');
    const invited = user('viewer', 'invited');
    const noEmail = user('manager', 'active', null);
    const disabled = user('finance', 'disabled');
    const all = [admin, invited, noEmail, disabled];
    expect(userActions(callerOf(admin), invited, all)).toMatchObject({ resendInvitation: true, resetLink: false, toggle: { kind: 'disable' } });
    expect(userActions(callerOf(admin), noEmail, all)).toMatchObject({ resendInvitation: false, resetLink: false });
    expect(userActions(callerOf(admin), disabled, all)).toMatchObject({
      resendInvitation: false,
      resetLink: false,
      toggle: { kind: 'enable', offer: { allowed: true } },
    });
  });

  it('a disabled owner is enabled again only by an owner', () => {
    const owner = user('owner');
    const disabledOwner = user('owner', 'disabled');
    const admin = user('admin');
    expect(userActions(callerOf(admin), disabledOwner, [owner, disabledOwner, admin])!.toggle).toEqual({
      kind: 'enable',
      offer: { allowed: false, reason: 'onlyOwners' },
    });
    expect(userActions(callerOf(owner), disabledOwner, [owner, disabledOwner, admin])!.toggle).toEqual({ kind: 'enable', offer: { allowed: true } });
  });
});

describe('the API keys page address', () => {
  it('keeps a user id and drops anything else', () => {
    expect(parseApiKeysSearch({ user: '0123456789abcdef01234567' })).toEqual({ user: '0123456789abcdef01234567' });
    expect(parseApiKeysSearch({ user: 'x' })).toEqual({});
    expect(parseApiKeysSearch({ user: 5 })).toEqual({});
    expect(parseApiKeysSearch({})).toEqual({});
  });
});
