import { Link } from '@remix-run/react';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import styled, { css } from 'styled-components';

interface MenuItemBase {
  /** Unique within the menu. */
  key: string;
  label: string;
  icon?: ReactNode;
  tone?: 'default' | 'danger';
}

/** An item that navigates (rendered as a link) or acts (rendered as a button). */
export type MenuItem =
  (MenuItemBase & { to: string; onSelect?: never }) | (MenuItemBase & { onSelect: () => void; to?: never });

interface MenuProps {
  /** What the button shows. */
  buttonContent: ReactNode;
  /** The button's accessible name when its content does not say enough (an icon, a name). */
  buttonLabel?: string;
  /** The menu's accessible name; the button's by default. */
  menuLabel?: string;
  items: readonly MenuItem[];
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
  className?: string;
}

/**
 * A menu button (WAI-ARIA APG pattern). Enter, Space, ArrowDown open it on the first
 * item, ArrowUp on the last; in the menu the arrows, Home and End move, a letter jumps
 * to the next item starting with it, Enter or Space chooses, Escape closes and returns
 * focus to the button, Tab closes and moves on. A click outside closes it.
 */
export function Menu({ buttonContent, buttonLabel, menuLabel, items, align = 'end', className }: MenuProps) {
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const [open, setOpen] = useState(false);
  /** Which item to focus when the menu opens. */
  const [initialFocus, setInitialFocus] = useState<'first' | 'last'>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const openAt = (position: 'first' | 'last') => {
    setInitialFocus(position);
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    const enabled = itemRefs.current.filter(Boolean);
    (initialFocus === 'first' ? enabled[0] : enabled.at(-1))?.focus();
  }, [open, initialFocus]);

  // A pointer press anywhere else closes the menu without taking focus back.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const focusItem = (index: number) => {
    const count = items.length;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };
  const currentIndex = () => itemRefs.current.findIndex((item) => item === document.activeElement);

  const onButtonKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    const index = currentIndex();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(index + 1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(index - 1);
        return;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        return;
      case 'End':
        event.preventDefault();
        focusItem(items.length - 1);
        return;
      case 'Escape':
        event.preventDefault();
        close(true);
        return;
      case 'Tab':
        close(false);
        return;
      case ' ':
        // Links do not activate on Space by themselves.
        event.preventDefault();
        itemRefs.current[index]?.click();
        return;
      default:
        if (event.key.length === 1 && /\S/.test(event.key) && !event.altKey && !event.ctrlKey && !event.metaKey) {
          const letter = event.key.toLowerCase();
          for (let step = 1; step <= items.length; step += 1) {
            const candidate = (index + step) % items.length;
            if (items[candidate]!.label.toLowerCase().startsWith(letter)) {
              focusItem(candidate);
              break;
            }
          }
        }
    }
  };

  const choose = (item: MenuItem) => {
    close(!item.to);
    item.onSelect?.();
  };

  return (
    <StyledMenuRoot ref={rootRef} className={className}>
      <StyledMenuButton
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={buttonLabel}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {buttonContent}
      </StyledMenuButton>
      {open && (
        <StyledMenuList
          id={menuId}
          role="menu"
          aria-label={menuLabel}
          aria-labelledby={menuLabel ? undefined : buttonId}
          $align={align}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => {
            const content = (
              <>
                {item.icon}
                <span>{item.label}</span>
              </>
            );
            const ref = (element: HTMLElement | null) => {
              itemRefs.current[index] = element;
            };
            return (
              <li key={item.key} role="none">
                {item.to !== undefined ? (
                  <StyledMenuItem
                    as={Link}
                    to={item.to}
                    ref={ref}
                    role="menuitem"
                    tabIndex={-1}
                    $tone={item.tone}
                    onClick={() => choose(item)}
                  >
                    {content}
                  </StyledMenuItem>
                ) : (
                  <StyledMenuItem
                    as="button"
                    type="button"
                    ref={ref}
                    role="menuitem"
                    tabIndex={-1}
                    $tone={item.tone}
                    onClick={() => choose(item)}
                  >
                    {content}
                  </StyledMenuItem>
                )}
              </li>
            );
          })}
        </StyledMenuList>
      )}
    </StyledMenuRoot>
  );
}

const StyledMenuRoot = styled.div`
  position: relative;
  display: inline-flex;
`;

export const StyledMenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 2.25rem;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  text-align: left;

  &:hover,
  &[aria-expanded='true'] {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
`;

const StyledMenuList = styled.ul<{ $align: 'start' | 'end' }>`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space.xs});
  ${({ $align }) => ($align === 'end' ? 'right: 0;' : 'left: 0;')}
  z-index: ${({ theme }) => theme.zIndex.menu};
  min-width: 12rem;
  margin: 0;
  padding: ${({ theme }) => theme.space.xs};
  list-style: none;
  background: ${({ theme }) => theme.color.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};
`;

const StyledMenuItem = styled.a<{ $tone?: 'default' | 'danger' }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.sm}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-align: left;
  text-decoration: none;
  cursor: pointer;

  ${({ $tone, theme }) =>
    $tone === 'danger' &&
    css`
      color: ${theme.color.danger};
    `}

  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }

  &:focus-visible {
    outline-offset: -2px;
  }
`;
