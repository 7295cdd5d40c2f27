import { usePageTitle } from '../../lib/use-page-title.ts';

export default function LoginPage() {
  usePageTitle('Sign in');
  return <h1 className="text-3xl font-bold">Sign in</h1>;
}
