import { isRouteErrorResponse, Link, useNavigate, useRevalidator } from '@remix-run/react';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { errorKindOf, messageOf } from './error-kind';

export const GENERIC_ERROR_MESSAGE = 'An unexpected error occurred while rendering this component.';

/** The screen for an error nobody caught: chosen by what the error says (spec section 8). */
export function ErrorScreen({ error, onReset }: { error: unknown; onReset?: () => void }) {
  const message = messageOf(error);
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const tryAgain = onReset ?? (() => revalidator.revalidate());

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundCard />;
  switch (errorKindOf(message)) {
    case 'connection':
      return (
        <StyledScreen role="alert">
          <StyledCard>
            <h1>Connection Problem</h1>
            <p>Docent cannot reach its server right now. Check your connection and try again.</p>
            <StyledActions>
              <StyledPrimaryButton type="button" onClick={tryAgain}>
                Retry Connection
              </StyledPrimaryButton>
              <StyledButton type="button" onClick={() => window.location.reload()}>
                Refresh Page
              </StyledButton>
            </StyledActions>
          </StyledCard>
        </StyledScreen>
      );
    case 'authentication':
      return (
        <StyledScreen role="alert">
          <StyledCard>
            <h1>Authentication Required</h1>
            <p>Your session has ended. Sign in again to continue.</p>
            <StyledActions>
              <StyledPrimaryButton
                type="button"
                onClick={() => navigate(`/login?redirect=${encodeURIComponent(currentPath())}`)}
              >
                Go to Login
              </StyledPrimaryButton>
              <StyledButton type="button" onClick={tryAgain}>
                Try Again
              </StyledButton>
            </StyledActions>
          </StyledCard>
        </StyledScreen>
      );
    default:
      return <GenericErrorCard message={message} onTryAgain={tryAgain} />;
  }
}

function GenericErrorCard({ message, onTryAgain }: { message: string; onTryAgain: () => void }) {
  const [showDetails, setShowDetails] = useState(false);
  const detailsId = useId();
  return (
    <StyledScreen role="alert">
      <StyledCard>
        <h1>Something went wrong</h1>
        <p>{GENERIC_ERROR_MESSAGE}</p>
        <StyledDetailsToggle
          type="button"
          aria-expanded={showDetails}
          aria-controls={detailsId}
          onClick={() => setShowDetails(!showDetails)}
        >
          {showDetails ? 'Hide error details' : 'Show error details'}
        </StyledDetailsToggle>
        {showDetails && <StyledDetails id={detailsId}>{message}</StyledDetails>}
        <StyledActions>
          <StyledPrimaryButton type="button" onClick={onTryAgain}>
            Try Again
          </StyledPrimaryButton>
          <StyledLinkButton to="/">Go Home</StyledLinkButton>
        </StyledActions>
      </StyledCard>
    </StyledScreen>
  );
}

/** Shown inside a page when that page alone failed. */
export function PageErrorCard({ title = 'This page could not be shown', error }: { title?: string; error: unknown }) {
  const navigate = useNavigate();
  return (
    <StyledCard role="alert">
      <h2>{title}</h2>
      <p>{messageOf(error)}</p>
      <StyledActions>
        <StyledPrimaryButton type="button" onClick={() => window.location.reload()}>
          Refresh Page
        </StyledPrimaryButton>
        <StyledButton type="button" onClick={() => navigate(-1)}>
          Go Back
        </StyledButton>
        <StyledLinkButton to="/">Home</StyledLinkButton>
      </StyledActions>
    </StyledCard>
  );
}

export function NotFoundCard() {
  return (
    <StyledScreen>
      <StyledCard>
        <StyledCode aria-hidden="true">404</StyledCode>
        <h1>Oops! Page not found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <StyledActions>
          <StyledLinkButton to="/" $primary>
            Return to Home
          </StyledLinkButton>
        </StyledActions>
      </StyledCard>
    </StyledScreen>
  );
}

const currentPath = () =>
  typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;

const StyledScreen = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space.lg};
`;

const StyledCard = styled.section`
  width: min(100%, 32rem);
  padding: ${({ theme }) => theme.space.xl};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.md};
  h1,
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
  p {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const StyledCode = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme }) => theme.color.primary} !important;
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
`;

const buttonStyles = `
  display: inline-flex;
  align-items: center;
  border-radius: 8px;
  cursor: pointer;
  text-decoration: none;
`;

const StyledButton = styled.button`
  ${buttonStyles}
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
`;

const StyledPrimaryButton = styled(StyledButton)`
  border-color: ${({ theme }) => theme.color.primary};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.primaryText};
`;

const StyledLinkButton = styled(Link)<{ $primary?: boolean }>`
  ${buttonStyles}
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme, $primary }) => ($primary ? theme.color.primary : theme.color.border)};
  background: ${({ theme, $primary }) => ($primary ? theme.color.primary : theme.color.surface)};
  color: ${({ theme, $primary }) => ($primary ? theme.color.primaryText : theme.color.text)};
`;

const StyledDetailsToggle = styled.button`
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  cursor: pointer;
  text-decoration: underline;
`;

const StyledDetails = styled.pre`
  margin-top: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  max-height: 12rem;
  overflow: auto;
  white-space: pre-wrap;
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.sm};
  background: ${({ theme }) => theme.color.surfaceMuted};
  border-radius: ${({ theme }) => theme.radius.md};
`;
