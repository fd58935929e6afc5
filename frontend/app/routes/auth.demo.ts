import type { ActionFunctionArgs } from '@remix-run/node';
import { signInAction } from '../auth/auth-session.server';

/** POST -> signs in as the demo administrator while the server offers demo mode. */
export const action = (args: ActionFunctionArgs) => signInAction(args, 'demo');
