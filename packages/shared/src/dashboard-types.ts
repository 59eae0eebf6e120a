/** GET /api/v1/dashboard and /dashboard/summary: `z.infer` of schemas/responses/dashboard.ts. */
export type {
  CostTrend,
  DashboardApplication,
  DashboardBackupFailure,
  DashboardEnvironment,
  DashboardProject,
  DashboardResponse,
  DashboardSummaryResponse,
  DashboardUsage,
} from './schemas/responses/dashboard';
