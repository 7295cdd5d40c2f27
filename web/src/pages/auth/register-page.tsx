import { Link } from 'react-router';
import { AuthCard, RegisterForm } from '../../features/auth/index.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

export default function RegisterPage() {
  usePageTitle('Create account');
  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <>
          Get three testnet wallets with 100 test coins each. Already have an account?{' '}
          <Link to="/login" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            Sign in
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
