/** GET /api/v1/dashboard: `z.infer` of schemas/responses/dashboard.ts. */
export type {
  CostTrend,
  DashboardApplication,
  DashboardBackupFailure,
  DashboardEnvironment,
  DashboardProject,
  DashboardResponse,
} from './schemas/responses/dashboard';
