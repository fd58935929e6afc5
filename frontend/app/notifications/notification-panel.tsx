import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { IconButton } from '~/components/ui/icon-button';
import { formatBadgeCount, formatRelativeTime } from './notification-format';
import { NotificationSettingsForm } from './notification-settings';
import type { AppNotification, NotificationType } from './notification-store';
import { typeAccent, typeMuted } from './notification-type-style';
import { useNotificationActions, useNotificationsState } from './notifications-context';

const TABS = [
  { key: 'all', label: 'notifications.all' },
  { key: 'unread', label: 'notifications.unread' },
  { key: 'settings', label: 'notifications.settings' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const RELATIVE_TIME_REFRESH_MS = 30_000;

interface NotificationPanelProps {
  id: string;
  /** Closes the panel; returnFocus sends the focus back to the bell (Escape does). */
  onClose: (returnFocus: boolean) => void;
  /** The bell and the panel together: a click or focus outside it closes the panel. */
  containerRef: RefObject<HTMLElement>;
}

/** The notifications panel: a non-modal dialog with the tabs All, Unread and Settings. */
export function NotificationPanel({ id, onClose, containerRef }: NotificationPanelProps) {
  const { t } = useTranslation();
  const { notifications, unreadCount } = useNotificationsState();
  const { markRead, markAllRead, remove, clearAll } = useNotificationActions();
  const [selected, setSelected] = useState<TabKey>('all');
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const tabId = (key: TabKey) => `${baseId}-tab-${key}`;
  const tabPanelId = `${baseId}-tabpanel`;
  const tabRefs = useRef<Partial<Record<TabKey, HTMLButtonElement | null>>>({});
  const tabPanelRef = useRef<HTMLDivElement>(null);
  const now = useNow(RELATIVE_TIME_REFRESH_MS);

  // Opening moves the focus to the selected tab.
  useEffect(() => {
    tabRefs.current.all?.focus();
  }, []);

  // A pointer down outside the bell and the panel closes it, leaving the focus where the user put it.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [containerRef, onClose]);

  const selectTab = (key: TabKey) => {
    setSelected(key);
    tabRefs.current[key]?.focus();
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((tab) => tab.key === selected);
    const target = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    selectTab(TABS[target]!.key);
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose(true);
  };

  const onPanelBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Tabbing out of the bell and the panel closes it (a null target is a click on nothing, handled above).
    const next = event.relatedTarget as Node | null;
    if (next && !containerRef.current?.contains(next)) onClose(false);
  };

  // An item that disappears under the focus hands it to the list, not to the page's body.
  const keepFocusInPanel = () => tabPanelRef.current?.focus();

  const visible = selected === 'unread' ? notifications.filter((n) => !n.read) : notifications;

  return (
    <StyledPanel
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      onKeyDown={onPanelKeyDown}
      onBlur={onPanelBlur}
    >
      <StyledHeader>
        <StyledHeading id={headingId}>{t('notifications.heading')}</StyledHeading>
        <StyledHeaderActions>
          <StyledTextButton
            type="button"
            aria-disabled={unreadCount === 0 || undefined}
            onClick={() => {
              if (unreadCount > 0) markAllRead();
            }}
          >
            {t('notifications.markAllRead')}
          </StyledTextButton>
          <StyledTextButton
            type="button"
            aria-disabled={notifications.length === 0 || undefined}
            onClick={() => {
              if (notifications.length > 0) clearAll();
            }}
          >
            {t('notifications.clearAll')}
          </StyledTextButton>
        </StyledHeaderActions>
      </StyledHeader>

      <StyledTabList role="tablist" aria-label={t('notifications.views')}>
        {TABS.map((tab) => (
          <StyledTab
            key={tab.key}
            ref={(element) => {
              tabRefs.current[tab.key] = element;
            }}
            id={tabId(tab.key)}
            type="button"
            role="tab"
            aria-selected={selected === tab.key}
            aria-controls={tabPanelId}
            tabIndex={selected === tab.key ? 0 : -1}
            onClick={() => selectTab(tab.key)}
            onKeyDown={onTabKeyDown}
          >
            {t(tab.label)}
            {tab.key === 'unread' && unreadCount > 0 && (
              <>
                <StyledTabCount aria-hidden="true">{formatBadgeCount(unreadCount)}</StyledTabCount>
                <span className="visually-hidden"> ({unreadCount})</span>
              </>
            )}
          </StyledTab>
        ))}
      </StyledTabList>

      <StyledTabPanel ref={tabPanelRef} id={tabPanelId} role="tabpanel" aria-labelledby={tabId(selected)} tabIndex={0}>
        {selected === 'settings' ? (
          <NotificationSettingsForm />
        ) : visible.length === 0 ? (
          <StyledEmpty>{selected === 'unread' ? t('notifications.allCaughtUp') : t('notifications.none')}</StyledEmpty>
        ) : (
          <StyledList>
            {visible.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                now={now}
                onMarkRead={() => {
                  markRead(notification.id);
                  if (selected === 'unread') keepFocusInPanel();
                }}
                onDelete={() => {
                  remove(notification.id);
                  keepFocusInPanel();
                }}
              />
            ))}
          </StyledList>
        )}
      </StyledTabPanel>
    </StyledPanel>
  );
}

interface NotificationItemProps {
  notification: AppNotification;
  now: number;
  onMarkRead: () => void;
  onDelete: () => void;
}

function NotificationItem({ notification, now, onMarkRead, onDelete }: NotificationItemProps) {
  const { title, message, type, read, timestamp, action } = notification;
  const { t, i18n } = useTranslation();
  return (
    <StyledItem $read={read}>
      <StyledItemMain>
        <StyledItemMeta>
          <StyledTypeBadge $type={type}>{t(`notifications.types.${type}`)}</StyledTypeBadge>
          {!read && (
            <>
              <StyledUnreadDot aria-hidden="true" />
              <span className="visually-hidden">{t('notifications.unread')}</span>
            </>
          )}
          <StyledTime
            dateTime={new Date(timestamp).toISOString()}
            title={new Date(timestamp).toLocaleString(i18n.language)}
          >
            {formatRelativeTime(timestamp, now, i18n.language)}
          </StyledTime>
        </StyledItemMeta>
        <StyledItemTitle $read={read}>{title}</StyledItemTitle>
        {message && <StyledItemMessage>{message}</StyledItemMessage>}
        {action && (
          <StyledTextButton
            type="button"
            onClick={() => {
              action.onClick();
              if (!read) onMarkRead();
            }}
          >
            {action.label}
          </StyledTextButton>
        )}
      </StyledItemMain>
      <StyledItemActions>
        {!read && (
          <IconButton
            size="sm"
            label={t('notifications.markAsReadLabel', { title })}
            title={t('notifications.markAsRead')}
            onClick={onMarkRead}
          >
            <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
              <path
                d="M3 8.5l3 3 7-7"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.75"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </IconButton>
        )}
        <IconButton
          size="sm"
          label={t('notifications.deleteLabel', { title })}
          title={t('notifications.delete')}
          onClick={onDelete}
        >
          <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
            <path
              d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.6 8.5h5.8l.6-8.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </IconButton>
      </StyledItemActions>
    </StyledItem>
  );
}

/** The current time, refreshed every intervalMs, so relative times move on while the panel is open. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const StyledPanel = styled.div`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space.sm});
  right: 0;
  z-index: ${({ theme }) => theme.zIndex.panel};
  display: flex;
  flex-direction: column;
  width: min(24rem, calc(100vw - 2 * ${({ theme }) => theme.space.md}));
  max-height: min(36rem, 75vh);
  color: ${({ theme }) => theme.color.text};
  background: ${({ theme }) => theme.color.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.md};
  overflow: hidden;

  /* On a narrow screen the bell is not at the edge: span the viewport instead. */
  @media (max-width: 480px) {
    position: fixed;
    top: ${({ theme }) => theme.layout.topBarHeight};
    left: ${({ theme }) => theme.space.sm};
    right: ${({ theme }) => theme.space.sm};
    width: auto;
  }
`;

const StyledHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.md} ${theme.space.sm}`};
`;

const StyledHeading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const StyledHeaderActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

const StyledTextButton = styled.button`
  white-space: nowrap;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.color.primary};
  background: transparent;
  border: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.color.primaryMuted};
  }
  &[aria-disabled='true'] {
    color: ${({ theme }) => theme.color.textMuted};
    background: transparent;
    cursor: not-allowed;
  }
`;

const StyledTabList = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  padding: 0 ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const StyledTab = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: -1px;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.sm}`};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.color.textMuted};
  background: transparent;
  border: none;
  border-bottom: 2px solid transparent;
  cursor: pointer;

  &[aria-selected='true'] {
    color: ${({ theme }) => theme.color.text};
    border-bottom-color: ${({ theme }) => theme.color.primary};
  }
  &:hover {
    color: ${({ theme }) => theme.color.text};
  }
`;

const StyledTabCount = styled.span`
  min-width: 1.25rem;
  padding: 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.xs};
  line-height: 1.25rem;
  text-align: center;
  color: ${({ theme }) => theme.color.primaryText};
  background: ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.round};
`;

const StyledTabPanel = styled.div`
  flex: 1;
  min-height: 6rem;
  overflow-y: auto;

  &:focus-visible {
    outline-offset: -2px;
  }
`;

const StyledEmpty = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
`;

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const StyledItem = styled.li<{ $read: boolean }>`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  background: ${({ theme, $read }) => ($read ? 'transparent' : theme.color.surfaceMuted)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};

  &:last-child {
    border-bottom: none;
  }
`;

const StyledItemMain = styled.div`
  flex: 1;
  min-width: 0;
`;

const StyledItemMeta = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.xs};
`;

const StyledTypeBadge = styled.span<{ $type: NotificationType }>`
  padding: 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme, $type }) => typeAccent(theme, $type)};
  background: ${({ theme, $type }) => typeMuted(theme, $type)};
  border-radius: ${({ theme }) => theme.radius.round};
`;

const StyledUnreadDot = styled.span`
  width: 0.5rem;
  height: 0.5rem;
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme }) => theme.color.primary};
`;

const StyledTime = styled.time`
  margin-left: auto;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
  white-space: nowrap;
`;

const StyledItemTitle = styled.p<{ $read: boolean }>`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme, $read }) => ($read ? theme.font.weight.regular : theme.font.weight.bold)};
  overflow-wrap: anywhere;
`;

const StyledItemMessage = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
  overflow-wrap: anywhere;
`;

const StyledItemActions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;
