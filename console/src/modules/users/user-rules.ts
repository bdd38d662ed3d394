import type { Answer } from '../../shared/api/client';

export type User = Answer<'getUser'>;
export type Role = User['role'];

/** The roles, from most to least powerful (docs/access.md#roles). */
export const ROLES: readonly Role[] = ['owner', 'admin', 'manager', 'finance', 'viewer'];

/** Who is looking: the signed-in user, and whether their role may change users (`useCan('users')`). */
export interface Caller {
  id: string;
  role: Role;
  canChangeUsers: boolean;
}

/** Why an action is not offered, as a catalogue key's last part (`users.why.<reason>`). */
export type Refusal = 'onlyOwners' | 'lastOwner' | 'self';

/** An action on a user: offered, or shown disabled with the reason the API would give. */
export type Offer = { allowed: true } | { allowed: false; reason: Refusal };

export interface UserActions {
  /** The roles the caller may give this user (empty: the role cannot be changed). */
  roles: readonly Role[];
  changeRole: Offer;
  /** Disable (active or invited users) or enable again (disabled ones). */
  toggle: { kind: 'disable' | 'enable'; offer: Offer };
  /** A new invitation link: invited users only. */
  resendInvitation: boolean;
  /** A password-reset link: active users with an e-mail only. */
  resetLink: boolean;
}

const YES: Offer = { allowed: true };
const no = (reason: Refusal): Offer => ({ allowed: false, reason });

/** The roles a caller may give: only an owner makes an owner. */
export function assignableRoles(caller: Caller): readonly Role[] {
  if (!caller.canChangeUsers) return [];
  return caller.role === 'owner' ? ROLES : ROLES.filter((role) => role !== 'owner');
}

/** Active owners other than `user`: the last one can be neither demoted nor disabled. */
const otherActiveOwners = (user: User, all: readonly User[]) =>
  all.filter((other) => other.id !== user.id && other.role === 'owner' && other.status === 'active').length;

/**
 * What the caller may do to `user`, by the API's rules (docs/access.md#owners): only an owner
 * touches an owner, the last active owner stays an active owner, nobody disables themselves.
 * `null` when the caller's role may not change users at all (they read).
 */
export function userActions(caller: Caller, user: User, all: readonly User[]): UserActions | null {
  if (!caller.canChangeUsers) return null;
  const touchesOwner = user.role === 'owner' && caller.role !== 'owner';
  const lastOwner = user.role === 'owner' && user.status === 'active' && otherActiveOwners(user, all) === 0;
  const changeRole = touchesOwner ? no('onlyOwners') : lastOwner ? no('lastOwner') : YES;
  const kind = user.status === 'disabled' ? 'enable' : 'disable';
  const toggleOffer = touchesOwner ? no('onlyOwners') : kind === 'enable' ? YES : user.id === caller.id ? no('self') : lastOwner ? no('lastOwner') : YES;
  return {
    roles: changeRole.allowed ? assignableRoles(caller) : [],
    changeRole,
    toggle: { kind, offer: toggleOffer },
    resendInvitation: !touchesOwner && user.status === 'invited',
    resetLink: !touchesOwner && user.status === 'active' && user.email !== null,
  };
}
