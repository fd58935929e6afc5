/** The longest device label kept: a User-Agent is the caller's to write, of any length. */
export const DEVICE_LABEL_MAX_LENGTH = 100;

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bFirefox\//, 'Firefox'],
  [/\b(?:Headless)?(?:Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * What a session's User-Agent says about where it signed in, as a person would name it:
 * 'Chrome on Linux', 'Safari on iPhone'; a script's agent by its name ('curl/8.5.0');
 * null without one. Only this label is kept, never the whole header.
 */
export function deviceLabel(userAgent: string | undefined | null): string | null {
  const agent = userAgent?.trim();
  if (!agent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  // Not a browser: the product token a client names itself by.
  return agent.split(/\s/, 1)[0]!.slice(0, DEVICE_LABEL_MAX_LENGTH);
}
