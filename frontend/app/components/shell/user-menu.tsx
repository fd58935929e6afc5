import { normalizeRole } from '@docent/common/permissions';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAuth } from '~/auth/auth-context';
import { ChevronDownIcon, LogoutIcon, SettingsIcon, UserIcon } from '~/components/ui/icons';
import { Menu, type MenuItem } from '~/components/ui/menu';

/** Up to two initials for the avatar. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((word) => [...word][0]!.toUpperCase()).join('') || '?';
}

/** The signed-in user's name and role, opening Profile, Settings and Logout. */
export function UserMenu() {
  const { user, logout } = useAuth();
  const { t } = useTranslation();
  if (!user) return null;
  const roleName = t(`roles.${normalizeRole(user.role)}`);
  const items: MenuItem[] = [
    { key: 'profile', label: t('userMenu.profile'), to: '/settings?tab=profile', icon: <UserIcon size={18} /> },
    { key: 'settings', label: t('userMenu.settings'), to: '/settings', icon: <SettingsIcon size={18} /> },
    {
      key: 'logout',
      label: t('userMenu.logout'),
      onSelect: () => void logout(),
      icon: <LogoutIcon size={18} />,
      tone: 'danger',
    },
  ];
  return (
    <Menu
      menuLabel={t('userMenu.account')}
      items={items}
      buttonContent={
        <>
          <StyledAvatar aria-hidden="true">{initialsOf(user.name)}</StyledAvatar>
          <StyledIdentity>
            <StyledName>{user.name}</StyledName>
            <StyledRole>{roleName}</StyledRole>
          </StyledIdentity>
          <ChevronDownIcon size={16} />
        </>
      }
    />
  );
}

const StyledAvatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 2rem;
  height: 2rem;
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme }) => theme.color.primaryMuted};
  color: ${({ theme }) => theme.color.primary};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const StyledIdentity = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
  max-width: 12rem;
  line-height: 1.2;

  /* Narrow windows keep the avatar; the name stays the button's accessible name. */
  @media (max-width: 960px) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
  }
`;

const StyledName = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const StyledRole = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;
