// The market analysis's answers' schemas (sentiment and forecasts), and zod with them: reached only through a lazy
// import (insights-api.ts). Apart from insights-schemas.ts because the dashboard's analysis card needs only these, and
// zod builds every schema of a module when it loads. Import it for types only.
export { forecastsResponseSchema, sentimentViewSchema } from '@fincrypt/domain';
