/** The legal feature's public API: the legal documents' text. */
export {
  LEGAL_DOCUMENTS,
  LEGAL_DOCUMENT_SLUGS,
  LEGAL_EMAIL,
  LEGAL_LAST_UPDATED,
  type LegalDocument,
  type LegalDocumentSlug,
  findLegalDocument,
} from './documents.ts';
