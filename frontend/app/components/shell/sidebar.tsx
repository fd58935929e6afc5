import { NavLink } from '@remix-run/react';
import { useId } from 'react';
import styled, { css } from 'styled-components';
import { Badge } from '~/components/ui/badge';
import { IconButton } from '~/components/ui/icon-button';
import { LogoIcon, PanelCollapseIcon, PanelExpandIcon } from '~/components/ui/icons';
import { NAV_ITEMS } from './nav-items';
import { StatusLine } from './status-line';

interface SidebarProps {
  /** Icons only. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
}

export function Sidebar({ collapsed, onToggleCollapsed }: SidebarProps) {
  const navId = useId();
  const toggleLabel = collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <StyledSidebar aria-label="Sidebar" $collapsed={collapsed}>
      <StyledBrand $collapsed={collapsed}>
        <LogoIcon size={26} />
        <span className={collapsed ? 'visually-hidden' : undefined}>Docent</span>
      </StyledBrand>
      <nav id={navId} aria-label="Main">
        <StyledNavList>
          {NAV_ITEMS.map(({ label, to, icon: Icon, badge }) => (
            <li key={to}>
              <StyledNavLink
                to={to}
                end={to === '/'}
                prefetch="intent"
                title={collapsed ? label : undefined}
                $collapsed={collapsed}
              >
                <Icon />
                <StyledNavLabel className={collapsed ? 'visually-hidden' : undefined}>{label}</StyledNavLabel>
                {badge && !collapsed && <Badge $tone={badge.tone}>{badge.text}</Badge>}
              </StyledNavLink>
            </li>
          ))}
        </StyledNavList>
      </nav>
      <StyledSidebarFooter $collapsed={collapsed}>
        <StatusLine collapsed={collapsed} />
        <IconButton label={toggleLabel} aria-expanded={!collapsed} aria-controls={navId} onClick={onToggleCollapsed}>
          {collapsed ? <PanelExpandIcon /> : <PanelCollapseIcon />}
        </IconButton>
      </StyledSidebarFooter>
    </StyledSidebar>
  );
}

const StyledSidebar = styled.aside<{ $collapsed: boolean }>`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.sidebar};
  display: flex;
  flex-direction: column;
  height: 100vh;
  height: 100dvh;
  width: ${({ theme, $collapsed }) => ($collapsed ? theme.layout.sidebarCollapsedWidth : theme.layout.sidebarWidth)};
  overflow-x: hidden;
  overflow-y: auto;
  background: ${({ theme }) => theme.color.surface};
  border-right: 1px solid ${({ theme }) => theme.color.border};
  transition: width 150ms ease;
`;

const StyledBrand = styled.div<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'flex-start')};
  gap: ${({ theme }) => theme.space.sm};
  flex: none;
  height: ${({ theme }) => theme.layout.topBarHeight};
  padding: 0 ${({ theme, $collapsed }) => ($collapsed ? 0 : theme.space.md)};
  color: ${({ theme }) => theme.color.primary};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};

  span {
    color: ${({ theme }) => theme.color.text};
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

const StyledNavLink = styled(NavLink)<{ $collapsed: boolean }>`
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

  ${({ $collapsed }) =>
    $collapsed &&
    css`
      justify-content: center;
      padding: 0;
    `}

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
`;

const StyledNavLabel = styled.span`
  flex: 1;
  min-width: 0;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const StyledSidebarFooter = styled.div<{ $collapsed: boolean }>`
  display: flex;
  flex-direction: ${({ $collapsed }) => ($collapsed ? 'column' : 'row')};
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: auto;
  padding: ${({ theme }) => theme.space.sm};
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;
