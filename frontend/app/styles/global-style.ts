import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  html { color-scheme: ${({ theme }) => theme.name}; }
  body {
    font-family: ${({ theme }) => theme.font.family};
    font-size: ${({ theme }) => theme.font.size.md};
    line-height: 1.5;
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.background};
    -webkit-font-smoothing: antialiased;
  }
  a { color: ${({ theme }) => theme.color.primary}; }
  button, input, select, textarea { font: inherit; color: inherit; }
  :focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute !important;
    width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
  /* Fingers need targets of at least 44 px (WCAG 2.5.5); switches and boxes keep their shape. */
  @media ${({ theme }) => theme.media.touch} {
    button:not([role='switch']),
    select,
    input:not([type='checkbox'], [type='radio'], [type='range']),
    [role='tab'],
    [role='menuitem'] {
      min-height: 2.75rem;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
