/** What the server that mounts the web app gives every loader and action. */
export interface WebLoadContext {
  /** Where the HTTP API answers: the app is one of its clients. */
  apiBaseUrl: string;
  sessionSecret: string;
  secureCookies: boolean;
  /** The browser's address, forwarded to the API with proof so that its limits count each browser on its own. */
  clientAddress: string;
  /** The browser's User-Agent, passed on to the API so that the sessions it signs in name their device. */
  userAgent?: string;
  /** This response's content-security-policy nonce: the inline scripts and styles the page renders carry it. */
  cspNonce: string;
  /** The project's folder on this machine: stack traces name their files relative to it. */
  projectRoot: string;
}

declare module '@remix-run/node' {
  interface AppLoadContext extends WebLoadContext {}
}
