/**
 * Whether the sidebar shows icons only. A plain cookie (not a secret), so the server
 * can render the remembered width and nothing jumps after hydration.
 */
export const SIDEBAR_COOKIE = 'docent_sidebar';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function sidebarCollapsedFromCookie(cookieHeader: string | null | undefined): boolean {
  return /(?:^|;\s*)docent_sidebar=collapsed(?:;|$)/.test(cookieHeader ?? '');
}

/** For a loader: `sidebarCollapsedFromRequest(request)`. */
export const sidebarCollapsedFromRequest = (request: Request): boolean =>
  sidebarCollapsedFromCookie(request.headers.get('Cookie'));

export function rememberSidebarCollapsed(collapsed: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? 'collapsed' : 'expanded'}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
