import type { ActionFunctionArgs } from '@remix-run/node';
import { signInAction } from '../auth/auth-session.server';

/** POST { email, password, rememberMe } -> { success: true, user } and the session cookie (30 days with rememberMe). */
export const action = (args: ActionFunctionArgs) => signInAction(args, 'login');
