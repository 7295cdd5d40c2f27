import { usePageTitle } from '../../lib/use-page-title.ts';

export default function HomePage() {
  usePageTitle('Home');
  return <h1 className="text-3xl font-bold">Home</h1>;
}
