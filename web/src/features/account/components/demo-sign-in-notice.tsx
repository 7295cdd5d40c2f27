import { ACCOUNT_MESSAGES } from '@fincrypt/domain';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';

/** In place of the sign-in settings (password, email, 2FA) of a shared demo account: why they stay as published. */
export function DemoSignInNotice() {
  return (
    <Alert tone="info">
      <p>{ACCOUNT_MESSAGES.demoSignInFixed}</p>
      <p className="mt-1">
        <Link to="/register" className="font-medium underline">
          Create an account
        </Link>
      </p>
    </Alert>
  );
}
