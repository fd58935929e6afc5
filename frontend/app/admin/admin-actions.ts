import type { AccountStatus, StandingAction, UserInvite } from '@docent/common/admin';
import type { ParseKeys, TFunction } from 'i18next';
import type { NotifyInput } from '~/notifications/notification-store';

/** The one fetcher every admin action goes through; the page announces its answers. */
export const ADMIN_ACTION_FETCHER = 'admin-action';

export const ADMIN_INTENTS = [
  'role',
  'suspend',
  'reactivate',
  'deactivate',
  'delete',
  'create',
  'invite',
  'restart',
] as const;
export type AdminIntent = (typeof ADMIN_INTENTS)[number];

/** What each intent is called in the spec's toasts: '{action} executed'. */
export const ACTION_NAMES: Readonly<Record<AdminIntent, ParseKeys<'admin'>>> = {
  role: 'actionNames.role',
  suspend: 'actionNames.suspend',
  reactivate: 'actionNames.reactivate',
  deactivate: 'actionNames.deactivate',
  delete: 'actionNames.delete',
  create: 'actionNames.create',
  invite: 'actionNames.invite',
  restart: 'actionNames.restart',
};

/** The /admin action's answer: what was done and to whom, or why it was not. */
export type AdminActionResult =
  | {
      intent: AdminIntent;
      ok: true;
      /** The user's name or the service's: the toast's '{user}'. */
      subject: string;
      /** More the administrator must know (what happened to a deleted user's documents). */
      detail?: string;
      /** An invite link, shown once. */
      invite?: UserInvite;
    }
  | { intent: AdminIntent; ok: false; subject: string; error: string };

/** The spec's admin toasts: '{action} executed' with 'Action {action} completed for {user}'. */
export function adminAnnouncement(result: AdminActionResult, t: TFunction<'admin'>): NotifyInput {
  const action = t(ACTION_NAMES[result.intent]);
  if (!result.ok) return { type: 'error', title: t('toasts.failed', { action }), message: result.error };
  const { subject, detail } = result;
  return {
    type: 'success',
    title: t('toasts.executed', { action }),
    message: detail
      ? t('toasts.completedWithDetail', { action, subject, detail })
      : t('toasts.completed', { action, subject }),
  };
}

/** Which standing changes an account in this status can take. */
export function standingActionsFor(status: AccountStatus): StandingAction[] {
  switch (status) {
    case 'active':
      return ['suspend', 'deactivate'];
    case 'suspended':
      return ['reactivate', 'deactivate'];
    case 'inactive':
      return ['reactivate'];
    default: {
      const unknown: never = status;
      throw new Error(`Unknown account status ${String(unknown)}`);
    }
  }
}
