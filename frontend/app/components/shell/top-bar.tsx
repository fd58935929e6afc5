import styled from 'styled-components';
import { NotificationBell } from '~/notifications/notification-bell';
import { ConnectionIndicator } from './connection-indicator';
import { SearchBox } from './search-box';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

export function TopBar() {
  return (
    <StyledTopBar>
      <SearchBox />
      <StyledTools>
        <ConnectionIndicator />
        <ThemeToggle />
        <NotificationBell />
        <UserMenu />
      </StyledTools>
    </StyledTopBar>
  );
}

const StyledTopBar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.topBar};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  height: ${({ theme }) => theme.layout.topBarHeight};
  padding: 0 ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};

  @media (max-width: 960px) {
    gap: ${({ theme }) => theme.space.sm};
    padding: 0 ${({ theme }) => theme.space.md};
  }
`;

const StyledTools = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  flex: none;
`;
