import { useLocation } from '@remix-run/react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Sidebar } from './sidebar';
import { rememberSidebarCollapsed } from './sidebar-preference';
import { TopBar } from './top-bar';
import { useWidthClass } from './use-width-class';

export const MAIN_CONTENT_ID = 'main-content';

interface AppShellProps {
  children: ReactNode;
  /**
   * The remembered sidebar state, read on the server with
   * `sidebarCollapsedFromRequest(request)` so the first paint is right.
   */
  sidebarCollapsed: boolean;
}

/**
 * The signed-in layout: sidebar, top bar and the page in `<main>`. On a desktop the sidebar
 * is as the user left it; on a tablet it starts as icons; on a phone it is a drawer
 * opened from the top bar's menu button.
 */
export function AppShell({ children, sidebarCollapsed }: AppShellProps) {
  const { t } = useTranslation();
  const sidebarId = useId();
  const widthClass = useWidthClass();
  const { pathname } = useLocation();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const [desktopCollapsed, setDesktopCollapsed] = useState(sidebarCollapsed);
  const [tabletCollapsed, setTabletCollapsed] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const toggleCollapsed = () => {
    if (widthClass === 'tablet') {
      setTabletCollapsed(!tabletCollapsed);
      return;
    }
    const next = !desktopCollapsed;
    setDesktopCollapsed(next);
    rememberSidebarCollapsed(next);
  };

  const closeDrawerToMenuButton = () => {
    setDrawerOpen(false);
    menuButtonRef.current?.focus();
  };

  // A followed link closes the drawer; so does growing past the phone width.
  const drawerPlace = `${widthClass} ${pathname}`;
  const [openedAt, setOpenedAt] = useState(drawerPlace);
  if (openedAt !== drawerPlace) {
    setOpenedAt(drawerPlace);
    setDrawerOpen(false);
  }

  return (
    <StyledShell>
      <StyledSkipLink href={`#${MAIN_CONTENT_ID}`}>{t('nav.skipToContent')}</StyledSkipLink>
      <Sidebar
        id={sidebarId}
        widthClass={widthClass}
        desktopCollapsed={desktopCollapsed}
        tabletCollapsed={tabletCollapsed}
        drawerOpen={drawerOpen}
        onToggleCollapsed={toggleCollapsed}
        onCloseDrawer={closeDrawerToMenuButton}
      />
      {drawerOpen && <StyledBackdrop onClick={closeDrawerToMenuButton} />}
      <StyledColumn>
        <TopBar
          menuButtonRef={menuButtonRef}
          menuOpen={drawerOpen}
          menuControls={sidebarId}
          onOpenMenu={() => setDrawerOpen(true)}
        />
        <StyledMain id={MAIN_CONTENT_ID} tabIndex={-1}>
          {children}
        </StyledMain>
      </StyledColumn>
    </StyledShell>
  );
}

const StyledShell = styled.div`
  display: flex;
  align-items: flex-start;
  min-height: 100vh;
`;

const StyledSkipLink = styled.a`
  position: absolute;
  top: ${({ theme }) => theme.space.sm};
  left: ${({ theme }) => theme.space.sm};
  z-index: ${({ theme }) => theme.zIndex.toast};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.primaryText};
  transform: translateY(-200%);

  &:focus {
    transform: none;
  }
`;

/** Dims the page under the open drawer; a tap on it closes the drawer. */
const StyledBackdrop = styled.div`
  display: none;

  @media ${({ theme }) => theme.media.phone} {
    position: fixed;
    inset: 0;
    z-index: ${({ theme }) => theme.zIndex.drawer - 1};
    display: block;
    background: ${({ theme }) => theme.color.overlay};
  }
`;

const StyledColumn = styled.div`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-width: 0;
  min-height: 100vh;
`;

const StyledMain = styled.main`
  flex: 1;
  width: 100%;
  max-width: 1440px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl};

  &:focus {
    outline: none;
  }

  @media (max-width: 960px) {
    padding: ${({ theme }) => theme.space.lg};
  }

  @media ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space.md};
  }
`;
