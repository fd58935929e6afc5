import { Link } from '@remix-run/react';
import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '~/components/forms';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { useNotify } from '~/notifications/notifications-context';
import { API_KEY_PLACEHOLDER, mcpClientConfig } from './tool-format';

/** Where MCP clients connect, and how: an API key from Settings as the bearer token. */
export function ConnectClientCard({ mcpEndpoint }: { mcpEndpoint: string }) {
  const titleId = useId();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(mcpEndpoint);
      notify({ type: 'success', title: 'MCP endpoint copied to clipboard' });
    } catch {
      notify({ type: 'error', title: 'Could not copy the MCP endpoint', message: 'Select it and copy it by hand.' });
    }
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader
        title="Connect an MCP Client"
        titleId={titleId}
        description="Claude Desktop, Cursor, the MCP Inspector or any MCP SDK client can use the ready tools you may execute."
      />
      <CardBody>
        <StyledEndpoint>
          <span>MCP endpoint</span>
          <code>{mcpEndpoint}</code>
          <Button variant="secondary" onClick={copy}>
            Copy
          </Button>
        </StyledEndpoint>
        <StyledSteps>
          <li>
            Create an API key under <Link to="/settings">Settings</Link>, in the Security tab.
          </li>
          <li>
            Connect over Streamable HTTP to the endpoint above, sending the key as a bearer token:{' '}
            <code>Authorization: Bearer {API_KEY_PLACEHOLDER}</code>.
          </li>
          <li>
            In a client configured with JSON, add this server, with your key in place of{' '}
            <code>{API_KEY_PLACEHOLDER}</code>:
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
