import { Ability } from '@casl/ability';
import {
  FEATURE_GATES,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  isFeature,
  isPermission,
  normalizeRole,
  type Permission,
} from './catalog.js';

/**
 * A claim-based CASL ability whose actions are the permission strings.
 * Only the role's permissions are granted, so anything not listed is denied.
 */
export type PermissionAbility = Ability<Permission>;

export function defineAbilityFor(role: unknown): PermissionAbility {
  return new Ability<Permission>([{ action: [...ROLE_PERMISSIONS[normalizeRole(role)]] }]);
}

export function hasPermission(role: unknown, permission: string): boolean {
  return isPermission(permission) && defineAbilityFor(role).can(permission);
}

export function canUseFeature(role: unknown, feature: string): boolean {
  return isFeature(feature) && defineAbilityFor(role).can(FEATURE_GATES[feature]);
}

/** The role's permissions in catalog order. */
export function permissionsOf(role: unknown): Permission[] {
  const ability = defineAbilityFor(role);
  return PERMISSIONS.filter((permission) => ability.can(permission));
}
