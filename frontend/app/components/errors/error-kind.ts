export type ErrorKind = 'connection' | 'authentication' | 'generic';

/** The spec's routing of errors to screens, by what their message says. */
export function errorKindOf(message: string): ErrorKind {
  if (/fetch|Network|Failed to fetch/.test(message)) return 'connection';
  if (/401|Unauthorized|Authentication/.test(message)) return 'authentication';
  return 'generic';
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status, statusText, data } = error as { status: number; statusText?: string; data?: unknown };
    const serverError = typeof data === 'object' && data !== null ? (data as { error?: unknown }).error : data;
    return typeof serverError === 'string' && serverError
      ? `${status}: ${serverError}`
      : `${status} ${statusText ?? ''}`.trim();
  }
  return String(error);
}
