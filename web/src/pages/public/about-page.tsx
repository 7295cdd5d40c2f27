import { usePageTitle } from '../../lib/use-page-title.ts';

export default function AboutPage() {
  usePageTitle('About');
  return <h1 className="text-3xl font-bold">About</h1>;
}
