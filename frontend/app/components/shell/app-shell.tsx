import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Sidebar } from './sidebar';
import { rememberSidebarCollapsed } from './sidebar-preference';
import { TopBar } from './top-bar';

export const MAIN_CONTENT_ID = 'main-content';

interface AppShellProps {
  children: ReactNode;
  /**
   * The remembered sidebar state, read on the server with
   * `sidebarCollapsedFromRequest(request)` so the first paint is right.
   */
  sidebarCollapsed: boolean;
}

/** The signed-in layout: sidebar, top bar and the page in `<main>`. */
export function AppShell({ children, sidebarCollapsed }: AppShellProps) {
  const [collapsed, setCollapsed] = useState(sidebarCollapsed);

  const toggleCollapsed = () => {
    const next = !collapsed;
    setCollapsed(next);
    rememberSidebarCollapsed(next);
  };

  return (
    <StyledShell>
      <StyledSkipLink href={`#${MAIN_CONTENT_ID}`}>Skip to main content</StyledSkipLink>
      <Sidebar collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
      <StyledColumn>
        <TopBar />
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
`;
