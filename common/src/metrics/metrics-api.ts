// The metrics API (spec sections 2, 3, 7 and 9; issue 15), shared by the backend and the
// Dashboard and Analytics pages. Every figure is measured; none is synthesised.

/** The spec's Realtime metrics: what the socket's metrics channel pushes every few seconds. */
export interface RealtimeMetrics {
  activeUsers: number;
  totalRequests: number;
  /** Percent, 0 to 100. */
  successRate: number;
  /** Milliseconds. */
  averageResponseTime: number;
  tokensConsumed: number;
  /** US dollars. */
  totalCost: number;
  /** Percent, 0 to 100: the share of status components that are ready. */
  systemHealth: number;
  /** Seconds since this server process started. */
  uptime: number;
}

export type SystemState = 'operational' | 'degraded' | 'down';

/** One hour of the last 24 (AI Model Performance). */
export interface HourlyPoint {
  /** ISO start of the hour (UTC). */
  start: string;
  requests: number;
  errors: number;
  /** Model calls in the hour, their tokens and cost. */
  modelCalls: number;
  tokens: number;
  cost: number;
  /** Milliseconds; null when there was no request. */
  averageResponseTime: number | null;
}

/** Two hours of the last 24 (Response Times). */
export interface TwoHourlyPoint {
  start: string;
  requests: number;
  averageResponseTime: number | null;
  p95ResponseTime: number | null;
}

/** A provider's share of model calls (Model Usage). */
export interface ProviderShare {
  /** The provider id ('openai', 'local', or an added provider's id). */
  provider: string;
  /** OpenAI, Anthropic, Google, else the provider's own name. */
  displayName: string;
  requests: number;
  /** Rounded percent of all model calls; the shares of a non-empty period add up to 100. */
  percent: number;
}

/** GET /api/metrics/dashboard: the spec's Dashboard metrics, plus the series its charts need. */
export interface DashboardMetrics {
  system: { health: number; uptime: number; status: SystemState };
  api: { totalRequests: number; requestsPerMinute: number; averageResponseTime: number; errorRate: number };
  ai: { totalRequests: number; tokensConsumed: number; totalCost: number; successRate: number };
  users: { activeUsers: number; concurrentSessions: number; totalLogins: number };
  /** Keyed by provider display name. */
  providers: Record<string, { requests: number; tokens: number; cost: number }>;
  realtimeMetrics: RealtimeMetrics;
  series: { hourly: HourlyPoint[]; twoHourly: TwoHourlyPoint[]; providerShare: ProviderShare[] };
  /** ISO time the figures were read. */
  generatedAt: string;
}

export const ANALYTICS_PERIODS = ['24h', '7d', '30d', '90d'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '7d';

/** One bucket of a period (hours for 24h, days otherwise). */
export interface UsagePoint {
  start: string;
  requests: number;
  tokens: number;
  cost: number;
}

/** Usage and cost of one model, provider or user over the period. */
export interface UsageBreakdown {
  /** Model id, provider id or user id. */
  id: string;
  name: string;
  requests: number;
  tokens: number;
  cost: number;
  errors: number;
  series: UsagePoint[];
}

/** GET /api/metrics/analytics?period=7d. */
export interface AnalyticsReport {
  period: AnalyticsPeriod;
  from: string;
  to: string;
  /** True when the per-user figures cover every user (users:read); otherwise only the caller's own. */
  allUsers: boolean;
  overview: {
    totalUsers: number;
    documentsProcessed: number;
    searchQueries: number;
    chatSessions: number;
    averageResponseTime: number;
    /** Percent of the period the server answered /health as ok, from its component history. */
    uptimePercent: number;
  };
  usage: {
    series: UsagePoint[];
    byModel: UsageBreakdown[];
    byProvider: UsageBreakdown[];
    byUser: UsageBreakdown[];
    topSearches: { query: string; count: number }[];
    /** MCP tool runs over the period (API, /demo and /mcp), and how many of them failed. */
    toolExecutions: { total: number; failed: number };
    /** 24 entries, hour 0 to 23 (UTC), requests in that hour of the day over the period. */
    busiestHours: { hour: number; requests: number }[];
  };
  health: {
    latency: { p50: number | null; p95: number | null; p99: number | null };
    errorRatesByRoute: { route: string; requests: number; errors: number; errorRate: number }[];
    errorRatesByModel: { model: string; requests: number; errors: number; errorRate: number }[];
    componentHistory: { component: string; samples: { at: string; status: string }[] }[];
  };
}

/** The spec's formatting defaults when a figure is missing (section 9). */
export const MISSING_SUCCESS_RATE = 100;
export const MISSING_SYSTEM_HEALTH = 100;
export const LIVE_ACTIVITY_LIMIT = 8;
export const ACTIVITY_WARNING_ERROR_RATE = 0.05;
export const DASHBOARD_POLL_INTERVAL_MS = 5_000;
