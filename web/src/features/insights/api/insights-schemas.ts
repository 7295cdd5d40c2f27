// The Insights answers' schemas, and zod with them: reached only through loadInsightsSchemas() (insights-api.ts).
// A module of their own rather than lib/schemas.ts, so that /insights loads zod and these alone, not every form's
// and answer's schema of the app and the domain modules those bring (about 35 KB gzip, fetched before the page's
// first paint). The market analysis's two are in market-analysis-schemas.ts. Import it for types only.
export {
  alertListSchema,
  insightsStatsSchema,
  orderBookResponseSchema,
  riskViewSchema,
  volumeResponseSchema,
} from '@fincrypt/domain';
