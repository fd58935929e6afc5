import { NavLink } from '@remix-run/react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { Badge } from '~/components/ui/badge';
import { IconButton } from '~/components/ui/icon-button';
import { CloseIcon, LogoIcon, PanelCollapseIcon, PanelExpandIcon } from '~/components/ui/icons';
import { NAV_ITEMS } from './nav-items';
import { StatusLine, StyledStatusLine, StyledStatusText } from './status-line';
import type { WidthClass } from './use-width-class';

interface SidebarProps {
  /** The element id the top bar's menu button controls. */
  id: string;
  widthClass: WidthClass;
  /** Icons only on a desktop: the user's remembered choice. */
  desktopCollapsed: boolean;
  /** Icons only between the tablet and desktop breakpoints, where it starts so. */
  tabletCollapsed: boolean;
  /** Below the tablet breakpoint the sidebar is a drawer over the page. */
  drawerOpen: boolean;
  onToggleCollapsed: () => void;
  /** Escape or the close button: the caller returns focus to the menu button. */
  onCloseDrawer: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Sidebar({
  id,
  widthClass,
  desktopCollapsed,
  tabletCollapsed,
  drawerOpen,
  onToggleCollapsed,
  onCloseDrawer,
}: SidebarProps) {
  const { t } = useTranslation();
  const navId = useId();
  const sidebarRef = useRef<HTMLElement>(null);
  const isDrawer = widthClass === 'phone';
  const modal = isDrawer && drawerOpen;
  const iconsOnly = widthClass === 'tablet' ? tabletCollapsed : widthClass === 'desktop' && desktopCollapsed;
  const toggleLabel = iconsOnly ? t('nav.expandSidebar') : t('nav.collapseSidebar');

  // An opened drawer takes focus, so the keyboard starts where the eyes go.
  useEffect(() => {
    if (modal) sidebarRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [modal]);

  // While the drawer covers the page, Tab cycles inside it and Escape closes it.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!modal) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseDrawer();
      return;
    }
    if (event.key !== 'Tab') return;
    // Only what is shown: the collapse button is hidden in the drawer.
    const focusable = [...(sidebarRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter(
      (element) => element.getClientRects().length > 0,
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <StyledSidebar
      ref={sidebarRef}
      id={id}
      aria-label={t('nav.sidebar')}
      role={modal ? 'dialog' : undefined}
      aria-modal={modal ? true : undefined}
      onKeyDown={onKeyDown}
      $desktopCollapsed={desktopCollapsed}
      $tabletCollapsed={tabletCollapsed}
      $drawerOpen={drawerOpen}
    >
      <StyledBrand>
        <LogoIcon size={26} />
        <StyledBrandName>{t('brand')}</StyledBrandName>
        <StyledCloseButton label={t('nav.closeMenu')} onClick={onCloseDrawer}>
          <CloseIcon />
        </StyledCloseButton>
      </StyledBrand>
      <nav id={navId} aria-label={t('nav.main')}>
        <StyledNavList>
          {NAV_ITEMS.map(({ label: labelKey, to, icon: Icon, badge }) => {
            const label = t(labelKey);
            return (
              <li key={to}>
                <StyledNavLink to={to} end={to === '/'} prefetch="intent" title={iconsOnly ? label : undefined}>
                  <Icon />
                  <StyledNavLabel>{label}</StyledNavLabel>
                  {badge && (
                    <StyledNavBadge>
                      <Badge $tone={badge.tone}>{t(badge.text)}</Badge>
                    </StyledNavBadge>
                  )}
                </StyledNavLink>
              </li>
            );
          })}
        </StyledNavList>
      </nav>
      <StyledSidebarFooter>
        <StatusLine />
        <StyledCollapseButton
          label={toggleLabel}
          aria-expanded={!iconsOnly}
          aria-controls={navId}
          onClick={onToggleCollapsed}
        >
          {iconsOnly ? <PanelExpandIcon /> : <PanelCollapseIcon />}
        </StyledCollapseButton>
      </StyledSidebarFooter>
    </StyledSidebar>
  );
}

const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

const StyledBrand = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  flex: none;
  height: ${({ theme }) => theme.layout.topBarHeight};
  padding: 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.primary};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const StyledBrandName = styled.span`
  flex: 1;
  color: ${({ theme }) => theme.color.text};
`;

const StyledCloseButton = styled(IconButton)`
  display: none;

  @media ${({ theme }) => theme.media.phone} {
    display: inline-flex;
  }
`;

const StyledNavList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 2px;
  margin: 0;
  padding: ${({ theme }) => theme.space.sm};
  list-style: none;
`;

const StyledNavLink = styled(NavLink)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 2.5rem;
  padding: 0 ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;

  svg {
    flex: none;
  }

  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
    color: ${({ theme }) => theme.color.text};
  }

  &.active {
    background: ${({ theme }) => theme.color.primaryMuted};
    color: ${({ theme }) => theme.color.primary};
  }

  &:focus-visible {
    outline-offset: -2px;
  }

  @media ${({ theme }) => theme.media.touch} {
    min-height: 2.75rem;
  }
`;

const StyledNavLabel = styled.span`
  flex: 1;
  min-width: 0;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const StyledNavBadge = styled.span`
  display: contents;
`;

const StyledSidebarFooter = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: auto;
  padding: ${({ theme }) => theme.space.sm};
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

const StyledCollapseButton = styled(IconButton)`
  @media ${({ theme }) => theme.media.phone} {
    display: none;
  }
`;

/** The rail of icons: names stay in the accessibility tree, badges go. */
const iconsOnlyLayout = css`
  width: ${({ theme }) => theme.layout.sidebarCollapsedWidth};

  ${StyledBrand} {
    justify-content: center;
    padding: 0;
  }

  ${StyledBrandName}, ${StyledNavLabel}, ${StyledStatusText} {
    ${visuallyHidden}
  }

  ${StyledNavBadge} {
    display: none;
  }

  ${StyledNavLink} {
    justify-content: center;
    padding: 0;
  }

  ${StyledSidebarFooter} {
    flex-direction: column;
  }

  ${StyledStatusLine} {
    justify-content: center;
  }
`;

/**
 * The layout comes from media queries, not from the measured width, so the server's
 * first paint is already right for a phone, a tablet and a desktop.
 */
const StyledSidebar = styled.aside<{ $desktopCollapsed: boolean; $tabletCollapsed: boolean; $drawerOpen: boolean }>`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.sidebar};
  display: flex;
  flex-direction: column;
  flex: none;
  height: 100vh;
  height: 100dvh;
  width: ${({ theme }) => theme.layout.sidebarWidth};
  overflow-x: hidden;
  overflow-y: auto;
  background: ${({ theme }) => theme.color.surface};
  border-right: 1px solid ${({ theme }) => theme.color.border};
  transition: width 150ms ease;

  @media ${({ theme }) => theme.media.desktop} {
    ${({ $desktopCollapsed }) => $desktopCollapsed && iconsOnlyLayout}
  }

  @media ${({ theme }) => theme.media.tablet} {
    ${({ $tabletCollapsed }) => $tabletCollapsed && iconsOnlyLayout}
  }

  @media ${({ theme }) => theme.media.phone} {
    position: fixed;
    left: 0;
    z-index: ${({ theme }) => theme.zIndex.drawer};
    width: ${({ theme }) => theme.layout.drawerWidth};
    box-shadow: ${({ theme }) => theme.shadow.md};
    /* Closed, it is out of sight and out of the tab order. It turns visible at once, so it can
       take focus as it opens, and hidden only once it has slid away. */
    transform: ${({ $drawerOpen }) => ($drawerOpen ? 'none' : 'translateX(-100%)')};
    visibility: ${({ $drawerOpen }) => ($drawerOpen ? 'visible' : 'hidden')};
    transition: ${({ $drawerOpen }) =>
      $drawerOpen ? 'transform 200ms ease' : 'transform 200ms ease, visibility 0s linear 200ms'};
  }
`;
