import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';

/** The centred card the sign-in and sign-up screens share. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}
