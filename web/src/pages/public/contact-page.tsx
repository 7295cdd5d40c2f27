import { usePageTitle } from '../../lib/use-page-title.ts';

export default function ContactPage() {
  usePageTitle('Contact');
  return <h1 className="text-3xl font-bold">Contact</h1>;
}
