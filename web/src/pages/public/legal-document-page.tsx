import { usePageTitle } from '../../lib/use-page-title.ts';

export default function LegalDocumentPage() {
  usePageTitle('Legal document');
  return <h1 className="text-3xl font-bold">Legal document</h1>;
}
