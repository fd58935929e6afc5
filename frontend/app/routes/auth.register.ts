import type { ActionFunctionArgs } from '@remix-run/node';
import { signInAction } from '../auth/auth-session.server';

/** POST { name, email, password, confirmPassword } -> { success: true, user } and the session cookie. */
export const action = (args: ActionFunctionArgs) => signInAction(args, 'register');
