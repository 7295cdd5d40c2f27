import { usePageTitle } from '../../lib/use-page-title.ts';

export default function LegalIndexPage() {
  usePageTitle('Legal');
  return <h1 className="text-3xl font-bold">Legal</h1>;
}
