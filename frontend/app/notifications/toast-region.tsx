import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { IconButton } from '~/components/ui/icon-button';
import type { NotificationType, Toast } from './notification-store';
import { typeAccent, typeMuted } from './notification-type-style';

export interface ToastRegionHandle {
  /** Moves focus into the region, remembering where it was so Escape can send it back. */
  focus: () => void;
}

interface ToastRegionProps {
  toasts: readonly Toast[];
  onDismiss: (id: string) => void;
}

/**
 * The toasts: a polite live region (screen readers hear each new toast), a landmark
 * F8 focuses, with timers that pause while the pointer or the focus is inside it.
 * Escape dismisses the focused toast, or from the region itself returns focus.
 */
export const ToastRegion = forwardRef<ToastRegionHandle, ToastRegionProps>(function ToastRegion(
  { toasts, onDismiss },
  ref,
) {
  const { t } = useTranslation();
  const regionRef = useRef<HTMLElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);

  useImperativeHandle(
    ref,
    () => ({
      focus() {
        const region = regionRef.current;
        if (!region) return;
        const active = document.activeElement;
        if (active instanceof HTMLElement && active !== document.body && !region.contains(active))
          returnFocusRef.current = active;
        region.focus();
      },
    }),
    [],
  );

  const restoreFocus = () => {
    const target = returnFocusRef.current;
    returnFocusRef.current = null;
    if (target?.isConnected) target.focus();
    else regionRef.current?.blur();
  };

  const dismiss = useCallback(
    (id: string) => {
      // A dismissed toast must not take the focus with it.
      const region = regionRef.current;
      const element =
        region &&
        Array.from(region.querySelectorAll<HTMLElement>('[data-toast-id]')).find((el) => el.dataset.toastId === id);
      if (element?.contains(document.activeElement)) region?.focus();
      onDismiss(id);
    },
    [onDismiss],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    const toast = (event.target as HTMLElement).closest<HTMLElement>('[data-toast-id]');
    event.stopPropagation();
    if (toast?.dataset.toastId) dismiss(toast.dataset.toastId);
    else restoreFocus();
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
  };

  return (
    <StyledToastRegion
      ref={regionRef}
      tabIndex={-1}
      aria-label={t('notifications.region')}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocusWithin(true)}
      onBlur={onBlur}
    >
      {toasts.length === 0 ? (
        <StyledEmptyHint>{t('notifications.emptyRegionHint')}</StyledEmptyHint>
      ) : (
        <StyledToastList>
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} paused={hovered || focusWithin} onDismiss={dismiss} />
          ))}
        </StyledToastList>
      )}
    </StyledToastRegion>
  );
});

function ToastItem({ toast, paused, onDismiss }: { toast: Toast; paused: boolean; onDismiss: (id: string) => void }) {
  const { t } = useTranslation();
  const remainingRef = useRef(toast.durationMs);

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => onDismiss(toast.id), Math.max(0, remainingRef.current));
    return () => {
      window.clearTimeout(timer);
      remainingRef.current -= Date.now() - startedAt;
    };
  }, [paused, toast.id, onDismiss]);

  return (
    <StyledToast data-toast-id={toast.id} $type={toast.type}>
      <StyledToastBody>
        <StyledToastType $type={toast.type}>{t(`notifications.types.${toast.type}`)}</StyledToastType>
        <StyledToastTitle>{toast.title}</StyledToastTitle>
        {toast.message && <StyledToastMessage>{toast.message}</StyledToastMessage>}
        {toast.action && (
          <StyledToastAction
            type="button"
            onClick={() => {
              toast.action?.onClick();
              onDismiss(toast.id);
            }}
          >
            {toast.action.label}
          </StyledToastAction>
        )}
      </StyledToastBody>
      <IconButton
        size="sm"
        label={t('notifications.dismissLabel', { title: toast.title })}
        onClick={() => onDismiss(toast.id)}
      >
        <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 14 14">
          <path d="M3 3l8 8M11 3l-8 8" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
      </IconButton>
    </StyledToast>
  );
}

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(8px); }
  to { opacity: 1; transform: none; }
`;

const StyledToastRegion = styled.section`
  position: fixed;
  right: ${({ theme }) => theme.space.md};
  bottom: ${({ theme }) => theme.space.md};
  z-index: ${({ theme }) => theme.zIndex.toast};
  width: min(24rem, calc(100vw - 2 * ${({ theme }) => theme.space.md}));
  border-radius: ${({ theme }) => theme.radius.md};

  /* Only the toasts take clicks; the gaps between them leave the page usable. */
  pointer-events: none;

  &:focus {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const StyledEmptyHint = styled.p`
  pointer-events: auto;
  margin: 0;
  display: none;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
  background: ${({ theme }) => theme.color.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};

  ${StyledToastRegion}:focus > & {
    display: block;
  }
`;

const StyledToastList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const StyledToast = styled.li<{ $type: NotificationType }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-left: 4px solid ${({ theme, $type }) => typeAccent(theme, $type)};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};
  animation: ${slideIn} 160ms ease-out;
`;

const StyledToastBody = styled.div`
  flex: 1;
  min-width: 0;
`;

const StyledToastType = styled.span<{ $type: NotificationType }>`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space.xs};
  padding: 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme, $type }) => typeAccent(theme, $type)};
  background: ${({ theme, $type }) => typeMuted(theme, $type)};
  border-radius: ${({ theme }) => theme.radius.round};
`;

const StyledToastTitle = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  overflow-wrap: anywhere;
`;

const StyledToastMessage = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
  overflow-wrap: anywhere;
`;

const StyledToastAction = styled.button`
  margin-top: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.color.primary};
  background: ${({ theme }) => theme.color.primaryMuted};
  border: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;
`;
