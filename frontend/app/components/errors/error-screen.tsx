import { isRouteErrorResponse, Link, useNavigate, useRevalidator } from '@remix-run/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { errorKindOf, messageOf } from './error-kind';

/** The screen for an error nobody caught: chosen by what the error says (spec section 8). */
export function ErrorScreen({ error, onReset }: { error: unknown; onReset?: () => void }) {
  const message = messageOf(error);
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { t } = useTranslation('errors');
  const tryAgain = onReset ?? (() => revalidator.revalidate());

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundCard />;
  switch (errorKindOf(message)) {
    case 'connection':
      return (
        <StyledScreen role="alert">
          <StyledCard>
            <h1>{t('connection.title')}</h1>
            <p>{t('connection.message')}</p>
            <StyledActions>
              <StyledPrimaryButton type="button" onClick={tryAgain}>
                {t('connection.retry')}
              </StyledPrimaryButton>
              <StyledButton type="button" onClick={() => window.location.reload()}>
                {t('connection.refresh')}
              </StyledButton>
            </StyledActions>
          </StyledCard>
        </StyledScreen>
      );
    case 'authentication':
      return (
        <StyledScreen role="alert">
          <StyledCard>
            <h1>{t('authentication.title')}</h1>
            <p>{t('authentication.message')}</p>
            <StyledActions>
              <StyledPrimaryButton
                type="button"
                onClick={() => navigate(`/login?redirect=${encodeURIComponent(currentPath())}`)}
              >
                {t('authentication.login')}
              </StyledPrimaryButton>
              <StyledButton type="button" onClick={tryAgain}>
                {t('authentication.tryAgain')}
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
  const { t } = useTranslation('errors');
  return (
    <StyledScreen role="alert">
      <StyledCard>
        <h1>{t('generic.title')}</h1>
        <p>{t('generic.message')}</p>
        <StyledDetailsToggle
          type="button"
          aria-expanded={showDetails}
          aria-controls={detailsId}
          onClick={() => setShowDetails(!showDetails)}
        >
          {showDetails ? t('generic.hideDetails') : t('generic.showDetails')}
        </StyledDetailsToggle>
        {showDetails && <StyledDetails id={detailsId}>{message}</StyledDetails>}
        <StyledActions>
          <StyledPrimaryButton type="button" onClick={onTryAgain}>
            {t('generic.tryAgain')}
          </StyledPrimaryButton>
          <StyledLinkButton to="/">{t('generic.home')}</StyledLinkButton>
        </StyledActions>
      </StyledCard>
    </StyledScreen>
  );
}

/** Shown inside a page when that page alone failed. */
export function PageErrorCard({ title, error }: { title?: string; error: unknown }) {
  const navigate = useNavigate();
  const { t } = useTranslation('errors');
  return (
    <StyledCard role="alert">
      <h2>{title ?? t('page.title')}</h2>
      <p>{messageOf(error)}</p>
      <StyledActions>
        <StyledPrimaryButton type="button" onClick={() => window.location.reload()}>
          {t('page.refresh')}
        </StyledPrimaryButton>
        <StyledButton type="button" onClick={() => navigate(-1)}>
          {t('page.back')}
        </StyledButton>
        <StyledLinkButton to="/">{t('page.home')}</StyledLinkButton>
      </StyledActions>
    </StyledCard>
  );
}

export function NotFoundCard() {
  const { t } = useTranslation('errors');
  return (
    <StyledScreen>
      <StyledCard>
        <StyledCode aria-hidden="true">404</StyledCode>
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.message')}</p>
        <StyledActions>
          <StyledLinkButton to="/" $primary>
            {t('notFound.home')}
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
