import { describe, expect, it } from '@jest/globals';
import { readAdminAction, userActionForm } from './admin-action-form';
import { englishT } from '../i18n/english.spec-support';
import { adminAnnouncement as announce, standingActionsFor, type AdminActionResult } from './admin-actions';

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};
const adminAnnouncement = (result: AdminActionResult) => announce(result, englishT('admin'));
const ada = { id: '6f1c1d52-8f0e-4c1c-9a37-0d2b1b4f3a10', name: 'Ada' };

describe('admin actions', () => {
  it("announce in the spec's words: '{action} executed', 'Action {action} completed for {user}'", () => {
    expect(adminAnnouncement({ intent: 'suspend', ok: true, subject: 'Ada' })).toEqual({
      type: 'success',
      title: 'Suspend executed',
      message: 'Action Suspend completed for Ada',
    });
    expect(
      adminAnnouncement({ intent: 'delete', ok: true, subject: 'Ada', detail: 'Their 2 documents stay.' }).message,
    ).toBe('Action Delete user completed for Ada. Their 2 documents stay.');
    expect(adminAnnouncement({ intent: 'restart', ok: false, subject: 'database', error: 'No' })).toEqual({
      type: 'error',
      title: 'Restart failed',
      message: 'No',
    });
  });

  it('offer only the standing changes an account can take', () => {
    expect(standingActionsFor('active')).toEqual(['suspend', 'deactivate']);
    expect(standingActionsFor('suspended')).toEqual(['reactivate', 'deactivate']);
    expect(standingActionsFor('inactive')).toEqual(['reactivate']);
  });

  it('are read from the form and checked with the API’s schemas', () => {
    expect(readAdminAction(formOf(userActionForm('role', ada, 'analyst')))).toEqual({
      ok: true,
      command: { intent: 'role', userId: ada.id, userName: 'Ada', role: 'analyst' },
    });
    expect(readAdminAction(formOf({ ...userActionForm('role', ada), role: 'owner' }))).toMatchObject({
      ok: false,
      refusal: { intent: 'role', error: expect.stringContaining('role must be one of') },
    });
    expect(readAdminAction(formOf({ intent: 'suspend', userId: 'nope', userName: 'Ada' }))).toMatchObject({
      ok: false,
      refusal: { error: 'User id must be an id' },
    });
    expect(readAdminAction(formOf({ intent: 'invite', email: 'not-an-email', role: 'user' }))).toMatchObject({
      ok: false,
      refusal: { error: 'Please enter a valid email address' },
    });
    expect(readAdminAction(formOf({ intent: 'promote' }))).toBeNull();
  });
});
