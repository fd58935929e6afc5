import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { IconButton } from '~/components/ui/icon-button';
import { MenuIcon } from '~/components/ui/icons';
import { NotificationBell } from '~/notifications/notification-bell';
import { ConnectionIndicator } from './connection-indicator';
import { SearchBox } from './search-box';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

interface TopBarProps {
  /** Focus comes back here when the drawer closes by Escape or a tap beside it. */
  menuButtonRef: RefObject<HTMLButtonElement>;
  menuOpen: boolean;
  /** The sidebar's id. */
  menuControls: string;
  onOpenMenu: () => void;
}

/** Search, live indicator, theme, notifications and the account; on a phone, the menu button too. */
export function TopBar({ menuButtonRef, menuOpen, menuControls, onOpenMenu }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <StyledTopBar>
      <StyledMenuButton
        ref={menuButtonRef}
        label={t('nav.openMenu')}
        aria-expanded={menuOpen}
        aria-controls={menuControls}
        onClick={onOpenMenu}
      >
        <MenuIcon />
      </StyledMenuButton>
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

  /* On a phone the search gets a row of its own below the buttons. */
  @media ${({ theme }) => theme.media.phone} {
    flex-wrap: wrap;
    height: auto;
    min-height: ${({ theme }) => theme.layout.topBarHeight};
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm} ${theme.space.sm}`};
    row-gap: ${({ theme }) => theme.space.xs};

    form[role='search'] {
      order: 1;
      flex: 1 1 100%;
      max-width: none;
    }
  }
`;

const StyledMenuButton = styled(IconButton)`
  display: none;

  @media ${({ theme }) => theme.media.phone} {
    display: inline-flex;
  }
`;

const StyledTools = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  flex: none;

  @media ${({ theme }) => theme.media.phone} {
    gap: ${({ theme }) => theme.space.xs};
  }
`;
