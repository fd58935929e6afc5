import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { bellLabel, formatBadgeCount } from './notification-format';
import { NotificationPanel } from './notification-panel';
import { useNotificationsState } from './notifications-context';

/** The top bar's bell: the unread badge ('99+' above 99) and the notifications panel it opens. */
export function NotificationBell() {
  const { unreadCount } = useNotificationsState();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const badge = formatBadgeCount(unreadCount);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close(true);
    }
  };

  return (
    <StyledBellContainer ref={containerRef}>
      <StyledBellButton
        ref={buttonRef}
        type="button"
        aria-label={bellLabel(unreadCount, t)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={onKeyDown}
      >
        <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
          <path
            d="M10 2.5a5 5 0 0 0-5 5v3.2L3.5 13.5h13L15 10.7V7.5a5 5 0 0 0-5-5zM8 15.5a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {badge && (
          <StyledBadge aria-hidden="true" data-testid="notification-badge">
            {badge}
          </StyledBadge>
        )}
      </StyledBellButton>
      {open && <NotificationPanel id={panelId} onClose={close} containerRef={containerRef} />}
    </StyledBellContainer>
  );
}

const StyledBellContainer = styled.div`
  position: relative;
  display: inline-flex;
`;

const StyledBellButton = styled.button`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.5rem;
  height: 2.5rem;
  padding: 0;
  color: ${({ theme }) => theme.color.text};
  background: transparent;
  border: none;
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;

  &:hover,
  &[aria-expanded='true'] {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
`;

const StyledBadge = styled.span`
  position: absolute;
  top: 2px;
  right: 0;
  min-width: 1.125rem;
  height: 1.125rem;
  padding: 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: 1.125rem;
  text-align: center;
  color: ${({ theme }) => theme.color.surface};
  background: ${({ theme }) => theme.color.danger};
  border-radius: ${({ theme }) => theme.radius.round};
  pointer-events: none;
`;
