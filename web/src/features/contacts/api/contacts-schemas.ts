// The contacts answers' schemas, and zod with them: reached only through a lazy import by the contacts fetchers.
// A module of their own rather than lib/schemas.ts, so that reading the contact list (on the send page's first
// screen) evaluates zod and these alone, not every form's and answer's schema. Import it for types only.
export { contactListSchema, contactViewSchema } from '@fincrypt/domain';
