export const ROLES = [
  'client',
  'salaried_delivery',
  'independent_delivery',
  'admin',
  'support',
  'super_admin',
] as const;
export type Role = (typeof ROLES)[number];

export const COURIER_ROLES: readonly Role[] = ['salaried_delivery', 'independent_delivery'];
export const STAFF_ROLES: readonly Role[] = ['admin', 'support', 'super_admin'];

export function isCourier(role: string): boolean {
  return (COURIER_ROLES as readonly string[]).includes(role);
}

export function isStaff(role: string): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/** Who stands above whom: support below admin, admin below super administrator; every other account below staff. */
const ROLE_RANK: Record<Role, number> = { client: 0, salaried_delivery: 0, independent_delivery: 0, support: 1, admin: 2, super_admin: 3 };

/** Nobody disables, edits or deletes an account of a role above their own (support an admin, an admin a super administrator). */
export function mayManageAccount(actor: Role, target: Role): boolean {
  return ROLE_RANK[actor] >= ROLE_RANK[target];
}

/** Only administrators move money (payouts, hand payments, refunds, deposits, corrections, approvals); support reads. */
export const MONEY_ROLES: readonly Role[] = ['admin', 'super_admin'];

export function mayMoveMoney(role: string): boolean {
  return (MONEY_ROLES as readonly string[]).includes(role);
}

/**
 * Account type label of the profile screen (spec §2, "Mon Profil"). The spec's list ends with "otherwise Support",
 * which would call a super administrator « Support »; they are « Super administrateur » (README, "Where we differ
 * from the spec").
 */
export function accountTypeLabel(role: string): string {
  switch (role) {
    case 'client':
      return 'Client';
    case 'salaried_delivery':
      return 'Livreur Salarié';
    case 'independent_delivery':
      return 'Livreur Indépendant';
    case 'admin':
      return 'Administrateur';
    case 'super_admin':
      return 'Super administrateur';
    default:
      return 'Support';
  }
}

/** An account's number as the back office reads it: USR-000042. */
export const userNumber = (n: number): string => `USR-${String(n).padStart(6, '0')}`;
