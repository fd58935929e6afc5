import { createContext, useContext } from 'react';

declare global {
  interface Window {
    /** styled-components' name (webpack's) for the nonce it gives the style elements it adds. */
    __webpack_nonce__?: string;
  }
}

/**
 * This response's content-security-policy nonce. The server renders it into the page's
 * inline scripts and styles, and into a first script that keeps it in
 * `window.__webpack_nonce__` before any module runs: styled-components reads it there, and
 * the browser renders the same nonces when it hydrates.
 */
export const CspNonceContext = createContext(typeof window === 'undefined' ? '' : (window.__webpack_nonce__ ?? ''));

export const useCspNonce = () => useContext(CspNonceContext);

/** The first script of the page: keeps the nonce where styled-components and hydration find it. */
export const nonceScript = (nonce: string) => `window.__webpack_nonce__ = ${JSON.stringify(nonce)};`;
