import type { AdminUserView, SystemService, SystemStatus } from '@docent/common/admin';
import type { AdminPageData } from './admin-api.server';

/**
 * Shown only while the server cannot be reached, and labelled as samples: the spec's
 * static admin data, never mistaken for the real accounts or figures.
 */
const sampleUser = (
  id: number,
  name: string,
  role: AdminUserView['role'],
  status: AdminUserView['status'],
): AdminUserView => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
  role,
  isDemo: false,
  avatar: null,
  createdAt: '2026-01-05T09:00:00.000Z',
  lastLogin: null,
  status,
  documentsUploaded: [42, 17, 8, 0][id % 4] ?? 0,
  lastActive: null,
});

const sampleService = (name: string, status: SystemService['status']): SystemService => ({
  name,
  status,
  message: null,
  uptimeSeconds: 0,
  restartable: false,
  resources: { scope: 'shared process', memoryBytes: 0, cpuPercent: null },
  details: {},
});

const SAMPLE_STATUS: SystemStatus = {
  cpu: { cores: 0, model: null, loadAverage: [0, 0, 0], usagePercent: null },
  memory: {
    totalBytes: 0,
    freeBytes: 0,
    usedPercent: 0,
    process: { rssBytes: 0, heapUsedBytes: 0, heapTotalBytes: 0 },
  },
  disk: null,
  process: { uptimeSeconds: 0, pid: 0, nodeVersion: '' },
  alerts: [],
  measuredAt: '2026-01-05T09:00:00.000Z',
};

export const SAMPLE_ADMIN_PAGE: AdminPageData = {
  users: {
    success: true,
    users: [
      sampleUser(1, 'John Doe', 'admin', 'active'),
      sampleUser(2, 'Jane Smith', 'user', 'active'),
      sampleUser(3, 'Bob Wilson', 'analyst', 'inactive'),
      sampleUser(4, 'Alice Brown', 'developer', 'suspended'),
    ],
    total: 4,
    page: 1,
    pageSize: 20,
  },
  services: [
    sampleService('database', 'ready'),
    sampleService('projections', 'ready'),
    sampleService('embeddings', 'degraded'),
  ],
  status: SAMPLE_STATUS,
  audit: null,
};
