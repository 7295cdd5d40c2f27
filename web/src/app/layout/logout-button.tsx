import { useSignOut } from '../../features/auth/index.ts';

/** 'Logout': awaits the server's sign-out, then lets the caller close the menu. */
export function LogoutButton({ onDone }: { onDone: () => void }) {
  const signOut = useSignOut();
  async function logOut() {
    await signOut.mutateAsync().catch(() => undefined);
    onDone();
  }
  return (
    <button
      type="button"
      disabled={signOut.isPending}
      onClick={() => void logOut()}
      className="rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      Logout
    </button>
  );
}
