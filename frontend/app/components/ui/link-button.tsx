import { Link } from '@remix-run/react';
import styled, { css } from 'styled-components';

const secondaryButton = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 2.5rem;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  @media ${({ theme }) => theme.media.touch} {
    min-height: 2.75rem;
  }
`;

/** A link to another page that looks like a secondary button: `<LinkButton to="/settings">Settings</LinkButton>`. */
export const LinkButton = styled(Link)`
  ${secondaryButton}
`;

/** A plain link to a download (a resource route), looking like a secondary button. */
export const DownloadLinkButton = styled.a`
  ${secondaryButton}
`;
