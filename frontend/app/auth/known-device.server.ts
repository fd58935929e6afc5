import { createCookie, type AppLoadContext } from '@remix-run/node';

/** Outlives the session cookie: signing out does not make the device a stranger to the account. */
const KNOWN_DEVICE_COOKIE = '__docent_device';
const KNOWN_DEVICE_SECONDS = 365 * 24 * 60 * 60;

function knownDeviceCookie(context: AppLoadContext) {
  return createCookie(KNOWN_DEVICE_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: context.secureCookies,
    maxAge: KNOWN_DEVICE_SECONDS,
  });
}

/**
 * The device token the API gave this browser at its last sign-in: sent with the next
 * one, it keeps other people's wrong guesses at the account from slowing this browser down.
 */
export async function knownDeviceToken(request: Request, context: AppLoadContext): Promise<string | undefined> {
  const value: unknown = await knownDeviceCookie(context).parse(request.headers.get('Cookie'));
  return typeof value === 'string' ? value : undefined;
}

/** The Set-Cookie that keeps the device token of a sign-in. */
export function rememberKnownDevice(context: AppLoadContext, deviceToken: string): Promise<string> {
  return knownDeviceCookie(context).serialize(deviceToken);
}
