import { Link } from '@remix-run/react';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '~/components/forms';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { useNotify } from '~/notifications/notifications-context';
import { API_KEY_PLACEHOLDER, mcpClientConfig } from './tool-format';

/** Where MCP clients connect, and how: an API key from Settings as the bearer token. */
export function ConnectClientCard({ mcpEndpoint }: { mcpEndpoint: string }) {
  const titleId = useId();
  const notify = useNotify();
  const { t } = useTranslation('tools');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(mcpEndpoint);
      notify({ type: 'success', title: t('connect.copied') });
    } catch {
      notify({ type: 'error', title: t('connect.copyFailed'), message: t('connect.copyByHand') });
    }
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={t('connect.title')} titleId={titleId} description={t('connect.description')} />
      <CardBody>
        <StyledEndpoint>
          <span>{t('connect.endpoint')}</span>
          <code>{mcpEndpoint}</code>
          <Button variant="secondary" onClick={copy}>
            {t('connect.copy')}
          </Button>
        </StyledEndpoint>
        <StyledSteps>
          <li>
            <Trans t={t} i18nKey="connect.createKey" components={{ settings: <Link to="/settings" /> }} />
          </li>
          <li>
            <Trans
              t={t}
              i18nKey="connect.bearer"
              values={{ placeholder: API_KEY_PLACEHOLDER }}
              components={{ code: <code /> }}
            />
          </li>
          <li>
            <Trans
              t={t}
              i18nKey="connect.jsonConfig"
              values={{ placeholder: API_KEY_PLACEHOLDER }}
              components={{ code: <code /> }}
            />
          </li>
        </StyledSteps>
        <StyledSnippet tabIndex={0}>{mcpClientConfig(mcpEndpoint)}</StyledSnippet>
      </CardBody>
    </Card>
  );
}

const StyledEndpoint = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};

  span {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  code {
    flex: 1 1 16rem;
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surfaceMuted};
    font-family: ${({ theme }) => theme.font.mono};
    overflow-wrap: anywhere;
  }
`;

const StyledSteps = styled.ol`
  margin: ${({ theme }) => theme.space.md} 0;
  padding-left: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.font.size.sm};

  li + li {
    margin-top: ${({ theme }) => theme.space.xs};
  }
  code {
    font-family: ${({ theme }) => theme.font.mono};
    overflow-wrap: anywhere;
  }
  a {
    color: ${({ theme }) => theme.color.primary};
  }
`;

const StyledSnippet = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  overflow-x: auto;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceMuted};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
