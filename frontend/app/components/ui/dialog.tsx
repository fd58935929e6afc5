import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { IconButton } from './icon-button';

interface DialogProps {
  open: boolean;
  /** Called for Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons along the bottom edge. */
  footer?: ReactNode;
  /** md: forms; lg: reading (a preview). */
  size?: 'md' | 'lg';
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the
 * page inert (focus stays inside), Escape closes it, and focus returns to whatever
 * opened it.
 */
export function Dialog({ open, onClose, title, description, children, footer, size = 'md' }: DialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // Escape: the parent decides whether the dialog closes (it owns `open`).
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <StyledDialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      $size={size}
      // A click on the backdrop lands on the dialog element itself, outside its panel.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <StyledPanel>
        <StyledHeader>
          <div>
            <h2 id={titleId}>{title}</h2>
            {description && <p id={descriptionId}>{description}</p>}
          </div>
          <IconButton label={t('ui.close')} size="sm" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </IconButton>
        </StyledHeader>
        <StyledBody>{children}</StyledBody>
        {footer && <StyledFooter>{footer}</StyledFooter>}
      </StyledPanel>
    </StyledDialog>
  );
}

const StyledDialog = styled.dialog<{ $size: 'md' | 'lg' }>`
  width: min(calc(100% - 2rem), ${({ $size }) => ($size === 'lg' ? '56rem' : '34rem')});
  max-width: calc(100vw - 2rem);
  max-height: calc(100vh - 4rem);
  padding: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow.md};

  &::backdrop {
    background: ${({ theme }) => theme.color.overlay};
  }
`;

const StyledPanel = styled.div`
  display: flex;
  flex-direction: column;
  max-height: calc(100vh - 4rem);
`;

const StyledHeader = styled.header`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.lg} ${theme.space.sm}`};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    overflow-wrap: anywhere;
  }

  p {
    margin: ${({ theme }) => theme.space.xs} 0 0;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const StyledBody = styled.div`
  flex: 1;
  overflow: auto;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg} ${theme.space.lg}`};
`;

const StyledFooter = styled.footer`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;
