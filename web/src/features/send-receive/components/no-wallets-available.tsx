import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { buttonClassName } from '../../../components/ui/styles.ts';

export function NoWalletsAvailable() {
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center">
      <Wallet aria-hidden className="h-10 w-10 text-slate-400" />
      <h2 className="text-xl font-semibold">No Wallets Available</h2>
      <p className="text-slate-600 dark:text-slate-300">Please add a wallet from the dashboard before sending or receiving funds.</p>
      <Link to="/dashboard" className={buttonClassName({ className: 'mt-2' })}>
        Go to Dashboard
      </Link>
    </Card>
  );
}
