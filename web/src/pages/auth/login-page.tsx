import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@fincrypt/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthCard, LoginForm, PasskeySignIn, SecondFactorForm } from '../../features/auth/index.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

export default function LoginPage() {
  usePageTitle('Sign in');
  const [step, setStep] = useState<'password' | 'second-factor'>('password');

  if (step === 'second-factor') {
    return (
      <AuthCard title="Two-factor authentication" subtitle="One more step to keep your account safe.">
        <SecondFactorForm onCancel={() => setStep('password')} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Welcome back"
      subtitle={
        <>
          Sign in to your testnet wallets. New here?{' '}
          <Link to="/register" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm onTwoFactorRequired={() => setStep('second-factor')} />
      <PasskeySignIn />
      <section aria-labelledby="demo-accounts" className="mt-6 rounded-lg bg-slate-50 p-4 text-sm dark:bg-slate-800/60">
        <h2 id="demo-accounts" className="font-semibold">
          Demo accounts
        </h2>
        <ul className="mt-2 space-y-1">
          {DEMO_ACCOUNTS.map((account) => (
            <li key={account.kind} className="flex flex-wrap justify-between gap-x-2">
              <span className="capitalize text-slate-600 dark:text-slate-300">{account.kind}</span>
              <code className="break-all">{account.email}</code>
            </li>
          ))}
        </ul>
        <p className="mt-2">
          Password for all three: <code className="font-semibold">{DEMO_PASSWORD}</code>
        </p>
      </section>
    </AuthCard>
  );
}
