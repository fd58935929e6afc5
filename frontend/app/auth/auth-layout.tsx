import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import styled from 'styled-components';

const StyledAuthPage = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md}`};
  background: ${({ theme }) => theme.color.background};
`;

const StyledCard = styled.main`
  width: 100%;
  max-width: 26rem;
  padding: ${({ theme }) => theme.space.xl};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.md};
`;

const StyledHeader = styled.header`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.lg};
  text-align: center;
`;

const StyledBrand = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.75rem;
  height: 2.75rem;
  margin-bottom: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.primaryText};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const StyledTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme }) => theme.color.text};
`;

const StyledSubtitle = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

const StyledFooter = styled.footer`
  width: 100%;
  max-width: 26rem;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;

  p {
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
  a {
    color: ${({ theme }) => theme.color.primary};
  }
  section {
    margin-top: ${({ theme }) => theme.space.md};
    text-align: left;
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.font.size.xs};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    color: ${({ theme }) => theme.color.text};
  }
`;

/** The centered card of the sign-in pages, with the terms and privacy notes under it. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <StyledAuthPage>
      <StyledCard aria-labelledby="auth-title">
        <StyledHeader>
          <StyledBrand aria-hidden="true">D</StyledBrand>
          <StyledTitle id="auth-title">{title}</StyledTitle>
          <StyledSubtitle>{subtitle}</StyledSubtitle>
        </StyledHeader>
        {children}
      </StyledCard>
      <StyledFooter>
        <p>
          <Trans
            t={t}
            i18nKey="layout.accept"
            components={{ terms: <a href="#terms" />, privacy: <a href="#privacy" /> }}
          />
        </p>
        <section id="terms" aria-labelledby="terms-title">
          <h2 id="terms-title">{t('layout.termsTitle')}</h2>
          <p>{t('layout.terms')}</p>
        </section>
        <section id="privacy" aria-labelledby="privacy-title">
          <h2 id="privacy-title">{t('layout.privacyTitle')}</h2>
          <p>{t('layout.privacy')}</p>
        </section>
      </StyledFooter>
    </StyledAuthPage>
  );
}

export const StyledAuthForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/** Groups a form's inputs so that one attribute disables them all while it submits. */
export const StyledFieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: none;
`;

export const StyledSwitchLine = styled.p`
  margin: ${({ theme }) => theme.space.lg} 0 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;

  a {
    color: ${({ theme }) => theme.color.primary};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;
