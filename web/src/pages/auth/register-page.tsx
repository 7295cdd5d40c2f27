import { usePageTitle } from '../../lib/use-page-title.ts';

export default function RegisterPage() {
  usePageTitle('Create account');
  return <h1 className="text-3xl font-bold">Create account</h1>;
}
