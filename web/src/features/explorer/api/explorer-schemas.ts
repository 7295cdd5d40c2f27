// The explorer's answer schemas, and zod with them: reached only through loadExplorerSchemas() (parse-response.ts).
// A module of their own rather than lib/schemas.ts, so that an explorer page loads zod and these alone, not every
// form's and answer's schema of the app and the domain modules those bring (about 45 KB gzip, measured before the
// page's largest paint). Import it for types only.
export {
  explorerAddressSchema,
  explorerBlockListSchema,
  explorerBlockSchema,
  explorerLabelsSchema,
  explorerPageSchema,
  explorerSearchResultSchema,
  explorerStatsSchema,
} from '@fincrypt/domain';
